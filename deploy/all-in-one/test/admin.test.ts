import { clearStagingDataResultSchema, databaseConfigSchema, databaseStatsSchema } from '@tracklens/contracts';
import type { Config } from '@tracklens/kit';
import { freshDatabaseUrl, testConfig } from '@tracklens/kit/testing';
import { startAllInOne, type AllInOne } from '../src/all-in-one';
import { Visitor } from './product';

/** The development admin panel's API over the real services: counts from each service's own database, and clearing them. */
describe('admin panel API of the whole product', () => {
  let config: Config;
  let product: AllInOne;
  let gateway: string;

  beforeAll(async () => {
    config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('aio_admin') });
    product = await startAllInOne(config);
    gateway = `http://127.0.0.1:${config.gatewayPort}`;
  }, 180_000);

  afterAll(async () => {
    await product?.stop();
  });

  async function signUp(name: string): Promise<Visitor> {
    const visitor = new Visitor(gateway);
    const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
    const registered = await visitor.call('POST', '/api/register', { name, email, password: 'a long password' });
    expect(registered.status).toBe(201);
    return visitor;
  }

  async function statsOf(visitor: Visitor): Promise<Record<string, number>> {
    const answer = await visitor.call('GET', '/api/admin/database/stats');
    expect(answer.status).toBe(200);
    return databaseStatsSchema.parse(answer.body).stats;
  }

  async function createProductAndSavedItem(visitor: Visitor): Promise<void> {
    const created = await visitor.call('POST', '/api/products/create-without-video', {
      name: 'Anvil Shop',
      type: 'website',
      description: 'Sells anvils to coyotes worldwide.',
    });
    expect(created.status).toBe(201);
    const saved = await visitor.call('POST', '/api/saved-items', {
      productId: created.body.id,
      name: 'Checkout plan',
      type: 'tracking_plan',
      content: JSON.stringify({ title: 'Generated Tracking Plan', events: [] }),
    });
    expect(saved.status).toBe(201);
  }

  it('should describe the database the services use', async () => {
    const ada = await signUp('Ada');
    const answer = await ada.call('GET', '/api/config/database');
    expect(answer.status).toBe(200);
    expect(databaseConfigSchema.parse(answer.body)).toEqual({
      environment: 'test',
      databaseType: config.databaseUrl ? 'postgresql' : 'pglite',
      isProduction: false,
      canClearData: true,
    });
  });

  it("should count each service's rows and follow the data a user creates", async () => {
    const grace = await signUp('Grace');
    const before = await statsOf(grace);
    for (const name of ['identity.users', 'identity.sessions', 'catalog.products', 'catalog.saved_items', 'media.videos', 'analysis.page_specs', 'planning.tracking_plans', 'billing.subscriptions']) {
      expect({ name, count: typeof before[name] }).toEqual({ name, count: 'number' });
    }
    expect(Object.keys(before).some((name) => name.includes('migrations'))).toBe(false);

    await signUp('Alan');
    await createProductAndSavedItem(grace);
    const after = await statsOf(grace);
    expect(after['identity.users']).toBe((before['identity.users'] ?? 0) + 1);
    expect(after['catalog.products']).toBe((before['catalog.products'] ?? 0) + 1);
    expect(after['catalog.saved_items']).toBe((before['catalog.saved_items'] ?? 0) + 1);
  });

  it("should empty every service's tables, end the caller's session, and keep the migrations so the product restarts", async () => {
    const katherine = await signUp('Katherine');
    await createProductAndSavedItem(katherine);
    expect((await statsOf(katherine))['catalog.products']).toBeGreaterThan(0);

    const cleared = await katherine.call('POST', '/api/admin/database/clear-staging');
    expect(cleared.status).toBe(200);
    const { tables } = clearStagingDataResultSchema.parse(cleared.body);
    expect(tables).toEqual(expect.arrayContaining(['identity.users', 'catalog.products', 'catalog.saved_items', 'billing.subscriptions']));
    expect(tables.some((name) => name.includes('migrations'))).toBe(false);
    // Her account went with identity's tables.
    expect((await katherine.call('GET', '/api/admin/database/stats')).status).toBe(401);

    const dorothy = await signUp('Dorothy');
    const stats = await statsOf(dorothy);
    expect(stats['identity.users']).toBe(1);
    expect(stats['catalog.products']).toBe(0);
    expect(stats['catalog.saved_items']).toBe(0);

    // Re-running migrations over emptied bookkeeping would fail on tables that already exist.
    await product.stop();
    product = await startAllInOne(config);
    const mary = await signUp('Mary');
    await createProductAndSavedItem(mary);
    const restarted = await statsOf(mary);
    expect(restarted['identity.users']).toBe(2);
    expect(restarted['catalog.products']).toBe(1);
  }, 180_000);
});
