import { runStandalone } from '@tracklens/kit';
import { startCluster } from './cluster';

runStandalone('tracklens-cluster', async () => {
  const cluster = await startCluster({
    env: process.env,
    onOutput: (name, line) => process.stdout.write(`[${name.padEnd(8)}] ${line}\n`),
  });
  process.stdout.write(`\n  Tracklens (distributed: ${Object.keys(cluster.pids).length} processes) is running at ${cluster.url}\n\n`);
  return cluster;
});
