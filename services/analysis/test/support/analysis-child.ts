/**
 * The analysis service as its own process, for the crash test: it starts on the database and bus the
 * parent names, hands itself the upload event the parent gives (media's part), and logs JSON to stdout.
 */
import { loadConfig, type EventEnvelope } from '@tracklens/kit';
import { subjects } from '@tracklens/contracts';
import { createAnalysisService } from '../../src/service';

interface ChildArgs {
  env: Record<string, string>;
  upload: EventEnvelope;
}

async function main(): Promise<void> {
  const args = JSON.parse(process.env.ANALYSIS_CHILD_ARGS ?? '{}') as ChildArgs;
  // The job engine's own lease, heartbeat and polling: the crash test measures what an operator gets.
  const service = await createAnalysisService({ config: loadConfig(args.env) });
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
