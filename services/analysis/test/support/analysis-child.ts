/**
 * The analysis service as its own process, for the crash test: it starts on the database and bus the
 * parent names, hands itself the upload event the parent gives (media's part), and logs JSON to stdout.
 */
import { loadConfig, type EventEnvelope } from '@tracklens/kit';
import { subjects } from '@tracklens/contracts';
import { createAnalysisService } from '../../src/service';

interface ChildArgs {
  env: Record<string, string>;
  leaseMs: number;
  upload: EventEnvelope;
}

async function main(): Promise<void> {
  const args = JSON.parse(process.env.ANALYSIS_CHILD_ARGS ?? '{}') as ChildArgs;
  const service = await createAnalysisService({
    config: loadConfig(args.env),
    jobs: { leaseMs: args.leaseMs, heartbeatMs: Math.floor(args.leaseMs / 3), pollMs: 100 },
  });
  // Published again by every child: the broker or the inbox drops the repeat, as with a redelivery.
  await service.runtime.bus.publish(subjects.videoUploaded, args.upload);
  const stop = () => {
    service.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`analysis child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
