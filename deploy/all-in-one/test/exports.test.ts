import { randomUUID } from 'node:crypto';
import { startGateway } from '@tracklens/gateway';
import { createBillingService } from '@tracklens/billing';
import { createCatalogService } from '@tracklens/catalog';
import { createIdentityService } from '@tracklens/identity';
import { createPlanningService, largeAnalysis } from '@tracklens/planning';
import { EXPORT_WARNINGS_HEADER, TRACKING_PLAN_EXPORT_FORMATS } from '@tracklens/contracts';
import { AnalysisDouble } from '@tracklens/contracts/testing';
import type { Config, EventBus, RunningService } from '@tracklens/kit';
import { eventually, freePortEnv, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { Visitor } from './product';

/**
 * Every export format downloaded through the gateway as the web's Download menu asks for it: the real gateway,
 * identity, catalog, billing and planning, with contracts' AnalysisDouble standing in for a finished analysis.
 */
describe('tracking plan exports through the gateway', () => {
  let bus: EventBus;
  const services: RunningService[] = [];
  const analysis = new AnalysisDouble();
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let base: string;

  async function signUp(name: string): Promise<{ visitor: Visitor; userId: string }> {
    const visitor = new Visitor(base);
    const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
    const registered = await visitor.call('POST', '/api/register', { name, email, password: 'a long password' });
    expect(registered.status).toBe(201);
    return { visitor, userId: registered.body.user.id };
  }

  beforeAll(async () => {
    bus = await testBus('exports');
    const ports = await freePortEnv();
    const configFor = async (service: string): Promise<Config> =>
      testConfig({ ...ports, DATABASE_URL: await freshDatabaseUrl(`exports_${service}`) });
    const config = await configFor('gateway');
    services.push(await createIdentityService({ config: await configFor('identity'), bus, inMemoryDatabase: true }));
    services.push(await createCatalogService({ config: await configFor('catalog'), bus, inMemoryDatabase: true }));
    services.push(await createBillingService({ config: await configFor('billing'), bus, inMemoryDatabase: true }));
    services.push(await createPlanningService({ config: await configFor('planning'), bus, inMemoryDatabase: true }));
    await analysis.start(config);
    gateway = await startGateway({ config });
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await gateway?.stop();
    await analysis.stop();
    for (const service of services.reverse()) await service.stop();
    await bus?.close();
  });

  it("should download every format of the caller's plan, and answer 404 for another user's", async () => {
    const { visitor: ada, userId } = await signUp('Ada');
    const product = await ada.call('POST', '/api/products/create-without-video', {
      name: 'Northwind Goods',
      type: 'website',
      description: 'Linen shirts and homeware, shipped worldwide.',
    });
    expect(product.status).toBe(201);
    analysis.answers.set(product.body.id, { userId, analysis: { ...largeAnalysis(6), productId: product.body.id } });
    expect((await ada.call('POST', `/api/products/${product.body.id}/generate-tracking-plan`)).status).toBe(202);
    const plan = await eventually(async () => {
      const list = await ada.call('GET', `/api/products/${product.body.id}/tracking-plans`);
      expect(list.body[0]?.status).toBe('completed');
      return list.body[0] as { id: string; title: string; content: { events: { name: string }[] } };
    });

    const download = (format: string, cookie = ada.sessionCookie, query = '') =>
      fetch(`${base}/api/tracking-plans/${plan.id}/export?format=${format}${query}`, { headers: { cookie } });

    for (const format of TRACKING_PLAN_EXPORT_FORMATS) {
      const res = await download(format);
      expect({ format, status: res.status }).toEqual({ format, status: 200 });
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9_.]+"$/);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBeGreaterThan(100);
      const text = body.toString('utf8');
      const firstEvent = plan.content.events[0]?.name ?? '';
      switch (format) {
        case 'snowplow':
          // A zip's entry names are stored uncompressed: the registry layout is readable in the bytes.
          expect(res.headers.get('content-type')).toBe('application/zip');
          expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
          expect(text).toContain('schemas/com.northwindgoods/');
          break;
        case 'rudderstack':
          expect(res.headers.get('content-type')).toBe('application/zip');
          expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
          expect(text).toContain('tracking-plan.yaml');
          break;
        case 'json':
        case 'jsonschema':
        case 'segment':
        case 'mixpanel':
          expect(() => JSON.parse(text)).not.toThrow();
          expect(text).toContain(firstEvent);
          break;
        default:
          expect(text).toContain(firstEvent);
      }
      const warnings = res.headers.get(EXPORT_WARNINGS_HEADER);
      if (format === 'csv') expect(warnings).toBeNull();
      for (const warning of warnings ? decodeURIComponent(warnings).split('\n') : []) expect(warning).toMatch(/^[A-Z].+'/);
    }

    const vendored = await download('snowplow', ada.sessionCookie, '&vendor=io.northwind');
    expect(Buffer.from(await vendored.arrayBuffer()).toString('latin1')).toContain('schemas/io.northwind/');
    const badVendor = await download('snowplow', ada.sessionCookie, '&vendor=..%2Fetc');
    expect(badVendor.status).toBe(400);
    const unknown = await download('xlsx');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      `Format must be one of ${TRACKING_PLAN_EXPORT_FORMATS.join(', ')}`,
    );

    const { visitor: bob } = await signUp('Bob');
    for (const format of ['csv', 'segment', 'snowplow', 'typescript']) {
      const res = await download(format, bob.sessionCookie);
      expect({ format, status: res.status }).toEqual({ format, status: 404 });
      expect(await res.json()).toEqual({ message: 'Tracking plan not found', code: 'NOT_FOUND' });
    }
  });
});
