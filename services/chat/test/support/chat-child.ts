/**
 * The chat service as its own process, for the crash test: it starts on the database and bus the parent
 * names, with a strategist that never answers, and logs 'strategy held' to stdout once a job reaches it.
 */
import { loadConfig } from '@tracklens/kit';
import { createChatService } from '../../src/service';
import type { Strategist } from '../../src/domain/strategist';

interface ChildArgs {
  env: Record<string, string>;
  leaseMs: number;
}

const held: Strategist = {
  kind: 'offline',
  answer: () => {
    process.stdout.write(`${JSON.stringify({ msg: 'strategy held' })}\n`);
    return new Promise(() => undefined);
  },
};

async function main(): Promise<void> {
  const args = JSON.parse(process.env.CHAT_CHILD_ARGS ?? '{}') as ChildArgs;
  await createChatService({
    config: loadConfig(args.env),
    strategist: held,
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
