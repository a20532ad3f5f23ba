import { freshDatabaseUrl, testConfig } from '@tracklens/kit/testing';
import { startAllInOne, type AllInOne } from '../src/all-in-one';
import { Visitor } from './product';

/** Products through the gateway of the whole product, as the web client calls them. */
describe('products through the gateway', () => {
  let product: AllInOne;
  let gateway: string;
  let ada: Visitor;
  let bob: Visitor;

  async function signUp(name: string): Promise<{ visitor: Visitor; userId: string }> {
    const visitor = new Visitor(gateway);
    const email = `${name.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const registered = await visitor.call('POST', '/api/register', {
      name,
      email,
      password: 'a long password',
    });
    expect(registered.status).toBe(201);
    return { visitor, userId: registered.body.user.id };
  }

  let adaId: string;

  beforeAll(async () => {
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('aio_products') });
    product = await startAllInOne(config);
    gateway = `http://127.0.0.1:${config.gatewayPort}`;
    const signedUp = await signUp('Ada');
    ada = signedUp.visitor;
    adaId = signedUp.userId;
    bob = (await signUp('Bob')).visitor;
  });

  afterAll(async () => {
    await product?.stop();
  });

  const shop = { name: 'Anvil Shop', type: 'website', description: 'Sells anvils to coyotes worldwide.' };

  it('should create, list, read and edit a product of the signed-in user', async () => {
    const created = await ada.call('POST', '/api/products/create-without-video', shop);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...shop,
      userId: adaId,
      analysisStatus: null,
      id: expect.any(String),
    });
    const app = await ada.call('POST', '/api/products/create-without-video', {
      name: 'Anvil App',
      type: 'mobile_app',
      description: 'Anvils on your phone, delivered.',
    });
    expect(app.status).toBe(201);

    const list = await ada.call('GET', '/api/products');
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([created.body.id, app.body.id]);

    const read = await ada.call('GET', `/api/products/${created.body.id}`);
    expect(read).toEqual({ status: 200, body: created.body });

    const edited = await ada.call('PATCH', `/api/products/${created.body.id}`, {
      name: 'Anvil Store',
      description: 'Sells anvils and rockets to coyotes.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.body.id,
      name: 'Anvil Store',
      description: 'Sells anvils and rockets to coyotes.',
      type: 'website',
    });

    const knowledge = await ada.call('GET', `/api/knowledge-base?productId=${created.body.id}`);
    expect(knowledge).toEqual({ status: 200, body: { product: edited.body } });
  });

  it('should answer the validation messages of the product form', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...shop, name: '' }, 'Product name is required'],
      [{ ...shop, type: 'desktop' }, 'Please select a product type'],
      [{ ...shop, description: 'too short' }, 'Description must be at least 10 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await ada.call('POST', '/api/products/create-without-video', body);
      expect(res).toEqual({
        status: 400,
        body: expect.objectContaining({ message, code: 'VALIDATION_ERROR' }),
      });
    }
    const created = await ada.call('POST', '/api/products/create-without-video', shop);
    const edit = await ada.call('PATCH', `/api/products/${created.body.id}`, { name: 'Only a name' });
    expect(edit).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'Description must be at least 10 characters' }),
    });
    const noId = await ada.call('GET', '/api/knowledge-base');
    expect(noId).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'Product ID is required' }),
    });
  });

  it("should answer 404 'Product not found' for another user's product and keep lists apart", async () => {
    const created = await ada.call('POST', '/api/products/create-without-video', shop);
    const notFound = { status: 404, body: { message: 'Product not found', code: 'NOT_FOUND' } };
    expect(await bob.call('GET', `/api/products/${created.body.id}`)).toEqual(notFound);
    expect(
      await bob.call('PATCH', `/api/products/${created.body.id}`, {
        name: 'Mine now',
        description: 'Taken over by someone else.',
      }),
    ).toEqual(notFound);
    expect(await bob.call('GET', `/api/knowledge-base?productId=${created.body.id}`)).toEqual(notFound);
    expect(await bob.call('GET', '/api/products')).toEqual({ status: 200, body: [] });
    expect((await ada.call('GET', `/api/products/${created.body.id}`)).body.name).toBe(shop.name);
  });

  it('should refuse products without a session', async () => {
    const stranger = new Visitor(gateway);
    expect(await stranger.call('GET', '/api/products')).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'NO_AUTH' }),
    });
    const create = await stranger.call('POST', '/api/products/create-without-video', shop);
    expect(create.status).toBe(401);
  });
});
