import { createLogger, loadConfigOrExit, reserveServicePorts, runStandalone } from '@tracklens/kit';
import { startAllInOne } from './all-in-one';

runStandalone('tracklens', async () => {
  // Only the gateway's port is the user's: each service takes a port the system picks (unless its variable is
  // set), so a second copy, or the browser tests, can run beside this one.
  const ports = await reserveServicePorts(process.env);
  const product = await startAllInOne(loadConfigOrExit(ports.env), { beforeService: ports.release }).finally(ports.releaseAll);
  // At info whatever LOG_LEVEL: the line a person (and scripts/smoke-start.sh) waits for.
  createLogger('tracklens').info({ url: product.url }, `Tracklens is running at ${product.url}`);
  return product;
});
