import { TEST_NATS_PREFIX, freePortEnv, freshDatabaseUrl } from '@tracklens/kit/testing';
import { SERVICE_NAMES } from '@tracklens/kit';
import { startCluster, type Cluster } from '../src/cluster';
import { Visitor } from './product';

// Runs in the integration pass (npm run test:integration) against the real PostgreSQL and NATS.
describe('distributed mode (start:cluster)', () => {
  let cluster: Cluster;
  let gatewayPort: number;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'test', LOG_LEVEL: 'warn', ...(await freePortEnv()) };
    gatewayPort = Number(env.GATEWAY_PORT);
    env.DATABASE_URL = await freshDatabaseUrl('cluster');
    env.NATS_PREFIX = TEST_NATS_PREFIX;
    cluster = await startCluster({ env, readyTimeoutMs: 90_000 });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it('should boot eight processes and round-trip register and login through the gateway', async () => {
    expect(Object.keys(cluster.pids).sort()).toEqual([...SERVICE_NAMES, 'gateway'].sort());
    expect(new Set(Object.values(cluster.pids)).size).toBe(8);
    const visitor = new Visitor(`http://127.0.0.1:${gatewayPort}`);
    const email = `margaret.${Date.now()}@example.com`;
    const registered = await visitor.call('POST', '/api/register', { name: 'Margaret Hamilton', email, password: 'apollo guidance' });
    expect(registered.status).toBe(201);
    const other = new Visitor(`http://127.0.0.1:${gatewayPort}`);
    const login = await other.call('POST', '/api/login', { email, password: 'apollo guidance' });
    expect(login.status).toBe(200);
    expect((await other.call('GET', '/api/user/me')).body.id).toBe(registered.body.user.id);
  });
});
