/**
 * The planning service as its own process, for the crash test: it starts on the database and bus the parent
 * names, with the engine's own job timing and a generator that never answers, and logs 'generation held' to
 * stdout once a job reaches it.
 */
import { loadConfig } from '@tracklens/kit';
import type { PlanGenerator } from '../src/domain/ports';
import { createPlanningService } from '../src/service';

const held: PlanGenerator = {
  kind: 'offline',
  generate: () => {
    process.stdout.write(`${JSON.stringify({ msg: 'generation held' })}\n`);
    return new Promise(() => undefined);
  },
};

async function main(): Promise<void> {
  const env = JSON.parse(process.env.PLANNING_CHILD_ENV ?? '{}') as Record<string, string>;
  await createPlanningService({ config: loadConfig(env), generator: held });
  process.stdout.write(`${JSON.stringify({ msg: 'planning child ready' })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`planning child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
