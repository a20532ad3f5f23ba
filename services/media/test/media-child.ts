/**
 * The media service as its own process, for the crash test: it starts on the database, storage and ports of
 * the environment the parent gives, and says 'media child ready' on stdout.
 */
import { loadConfig } from '@tracklens/kit';
import { createMediaService } from '../src/service';

async function main(): Promise<void> {
  const env = JSON.parse(process.env.MEDIA_CHILD_ENV ?? '{}') as Record<string, string>;
  await createMediaService({ config: loadConfig(env), databasePerService: true });
  process.stdout.write(`${JSON.stringify({ msg: 'media child ready' })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`media child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
