import { loadConfigOrExit, reserveServicePorts, runStandalone } from '@tracklens/kit';
import { startAllInOne } from './all-in-one';

runStandalone('tracklens', async () => {
  // Only the gateway's port is the user's: each service takes a port the system picks (unless its variable is
  // set), so a second copy, or the browser tests, can run beside this one.
  const ports = await reserveServicePorts(process.env);
  const product = await startAllInOne(loadConfigOrExit(ports.env), { beforeService: ports.release }).finally(ports.releaseAll);
  process.stdout.write(`\n  Tracklens is running at ${product.url}\n\n`);
  return product;
});
