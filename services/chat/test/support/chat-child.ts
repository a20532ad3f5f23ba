/**
 * The chat service as its own process, for the crash test: it starts on the database and bus the parent
 * names, with a strategist and a flow builder that never answer, and logs 'answer held' to stdout once a job
 * reaches one of them.
 */
import { loadConfig } from '@tracklens/kit';
import { createChatService } from '../../src/service';

interface ChildArgs {
  env: Record<string, string>;
  leaseMs: number;
}

function held(): Promise<never> {
  process.stdout.write(`${JSON.stringify({ msg: 'answer held' })}\n`);
  return new Promise(() => undefined);
}

async function main(): Promise<void> {
  const args = JSON.parse(process.env.CHAT_CHILD_ARGS ?? '{}') as ChildArgs;
  await createChatService({
    config: loadConfig(args.env),
    strategist: { kind: 'offline', answer: held },
    flowBuilder: { kind: 'offline', build: held },
    jobs: { leaseMs: args.leaseMs, heartbeatMs: Math.floor(args.leaseMs / 3), pollMs: 100 },
  });
  process.stdout.write(`${JSON.stringify({ msg: 'chat child ready' })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `chat child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
