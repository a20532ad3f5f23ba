import { createLogger, runStandalone } from '@tracklens/kit';
import { startCluster } from './cluster';

runStandalone('tracklens-cluster', async () => {
  const cluster = await startCluster({
    env: process.env,
    // Each child's lines are pino JSON naming their service already: passed through as they are.
    onOutput: (_name, line) => process.stdout.write(`${line}\n`),
  });
  const { pids } = cluster;
  createLogger('tracklens-cluster').info(
    { url: cluster.url, processes: Object.keys(pids).length, pids },
    `Tracklens (distributed: ${Object.keys(pids).length} processes) is running at ${cluster.url}`,
  );
  return cluster;
});
