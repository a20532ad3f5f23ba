import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { startAllInOne } from './all-in-one';

runStandalone('tracklens', async () => {
  const product = await startAllInOne(loadConfigOrExit());
  process.stdout.write(`\n  Tracklens is running at ${product.url}\n\n`);
  return product;
});
