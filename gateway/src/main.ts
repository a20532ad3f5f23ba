/** Standalone entry: read config, start the gateway, stop cleanly on SIGINT/SIGTERM. */
import { createLogger, loadConfigOrExit } from '@tracklens/kit';
import { startGateway } from './gateway';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('gateway', config.logLevel);
  const gateway = await startGateway({ config, logger });
  const shutdown = (signal: NodeJS.Signals): void => {
    logger.info({ signal }, 'stopping gateway');
    gateway.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'gateway did not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `gateway failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
