/**
 * @jest-environment node
 *
 * The session transitions of product-spec §4 against a real local HTTP server, with the real store.
 */
import { catalogApi } from '../../api/catalog.api';
import { api } from '../../app/api';
import { makeStore as makeAppStore } from '../../app/store';
import { STORAGE_KEYS } from '../../lib/storage';
import { sendJson, useTestServer } from '../../test/http-server';
import { MemoryStorage } from '../../test/memory-storage';
import {
  clearSession,
  destinationAfterLogin,
  destinationAfterSignup,
  logout,
  readPlan,
  signedIn,
  startSession,
} from './session.thunks';
import { aUser } from '../../test/factories';

const stores: ReturnType<typeof makeAppStore>[] = [];

/** The real store; reset after each test so no cache-expiry timer outlives it. */
function makeStore() {
  const store = makeAppStore();
  stores.push(store);
  return store;
}

const server = useTestServer();
let storage: MemoryStorage;

beforeEach(async () => {
  storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  // As in a browser, relative URLs resolve against the page's origin (here the test server).
});

afterEach(async () => {
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

describe('startSession', () => {
  it('should refresh a stored user whose id the server confirms', async () => {
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(aUser({ name: 'Old name' })));
    server.handle((request, response) => {
      if (request.url === '/api/user/me') sendJson(response, 200, aUser());
      else sendJson(response, 404, { message: 'Not found' });
    });
    const store = makeStore();
    expect(store.getState().session.initialized).toBe(false);
    await store.dispatch(startSession());
    expect(store.getState().session).toMatchObject({
      initialized: true,
      expired: false,
      user: { name: 'Ada Lovelace' },
    });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ name: 'Ada Lovelace' });
  });

  it('should clear the session silently when the server no longer knows it', async () => {
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(aUser()));
    storage.setItem(STORAGE_KEYS.currentProduct, 'p1');
    server.handle((_request, response) =>
      sendJson(response, 401, { message: 'Session ended', code: 'NO_SESSION' }),
    );
    const store = makeStore();
    await store.dispatch(startSession());
    expect(store.getState().session).toEqual({ user: null, initialized: true, expired: false });
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.currentProduct)).toBeNull();
  });

  it('should clear the session when the server answers another user', async () => {
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(aUser()));
    server.handle((_request, response) => sendJson(response, 200, aUser({ id: 'user-2' })));
    const store = makeStore();
    await store.dispatch(startSession());
    expect(store.getState().session.user).toBeNull();
  });

  it('should count as initialised at once without a stored user', async () => {
    const store = makeStore();
    await store.dispatch(startSession());
    expect(store.getState().session.initialized).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

describe('signedIn', () => {
  it('should clear the onboarding draft when a different user signs in', () => {
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(aUser({ id: 'someone-else' })));
    storage.setItem(STORAGE_KEYS.onboardingProductData, '{"name":"Draft"}');
    const store = makeStore();
    store.dispatch(signedIn(aUser()));
    expect(storage.getItem(STORAGE_KEYS.onboardingProductData)).toBeNull();
    expect(store.getState().session.user?.id).toBe('user-1');
  });

  it('should keep the onboarding draft when the same user signs in again', () => {
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(aUser()));
    storage.setItem(STORAGE_KEYS.onboardingProductData, '{"name":"Draft"}');
    makeStore().dispatch(signedIn(aUser()));
    expect(storage.getItem(STORAGE_KEYS.onboardingProductData)).toBe('{"name":"Draft"}');
  });
});

describe('logout', () => {
  it('should end the server session and clear the listed keys and the data cache', async () => {
    server.handle((request, response) => {
      if (request.url === '/api/products') sendJson(response, 200, [{ id: 'p1' }]);
      else sendJson(response, 200, { success: true });
    });
    const store = makeStore();
    store.dispatch(signedIn(aUser()));
    for (const key of Object.values(STORAGE_KEYS)) storage.setItem(key, storage.getItem(key) ?? 'x');
    await store.dispatch(catalogApi.endpoints.getProducts.initiate());
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    await store.dispatch(logout());

    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toContain(
      'POST /api/logout',
    );
    expect(store.getState().session.user).toBeNull();
    expect(Object.keys(store.getState().api.queries)).toHaveLength(0);
    for (const key of [
      'user',
      'onboarding_product_data',
      'payment_referrer',
      'currentProduct',
      'lastCreatedProduct',
    ]) {
      expect(storage.getItem(key)).toBeNull();
    }
    expect(storage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('x');
  });
});

describe('session expiry', () => {
  it('should log out and show the expired screen on a 401 once the app is initialised', async () => {
    server.handle((_request, response) =>
      sendJson(response, 401, { message: 'Session ended', code: 'NO_SESSION' }),
    );
    const store = makeStore();
    await store.dispatch(startSession());
    store.dispatch(signedIn(aUser()));
    storage.setItem(STORAGE_KEYS.lastCreatedProduct, 'p1');

    await store.dispatch(catalogApi.endpoints.getProducts.initiate());

    expect(store.getState().session).toMatchObject({ user: null, expired: true });
    expect(storage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lastCreatedProduct)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/');
  });

  it('should not treat a wrong password as an expired session', async () => {
    server.handle((_request, response) => sendJson(response, 401, { message: 'Invalid email or password' }));
    const store = makeStore();
    await store.dispatch(startSession());
    store.dispatch(signedIn(aUser()));
    const { identityApi } = await import('../../api/identity.api');
    await store.dispatch(
      identityApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'wrong' }),
    );
    expect(store.getState().session.expired).toBe(false);
  });
});

describe('destinationAfterLogin', () => {
  it('should go to the remembered page with a full load and forget it', async () => {
    storage.setItem(STORAGE_KEYS.redirectAfterLogin, '/products/p9/saved');
    const next = await makeStore().dispatch(destinationAfterLogin());
    expect(next).toEqual({ kind: 'reload', url: '/products/p9/saved' });
    expect(storage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it('should go to the last product when there are products', async () => {
    server.handle((_request, response) => sendJson(response, 200, [{ id: 'p1' }, { id: 'p2' }]));
    expect(await makeStore().dispatch(destinationAfterLogin())).toEqual({
      kind: 'navigate',
      to: '/products/p2',
    });
  });

  it('should go to onboarding when there are no products', async () => {
    server.handle((_request, response) => sendJson(response, 200, []));
    expect(await makeStore().dispatch(destinationAfterLogin())).toEqual({
      kind: 'navigate',
      to: '/onboarding-name',
    });
  });

  it('should go to onboarding when the products fetch fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.handle((_request, response) => sendJson(response, 404, { message: 'Not found' }));
    expect(await makeStore().dispatch(destinationAfterLogin())).toEqual({
      kind: 'navigate',
      to: '/onboarding-name',
    });
  });
});

describe('sign-up plan', () => {
  it('should read the plan only when it is free or pro', () => {
    expect(readPlan('?plan=pro')).toBe('pro');
    expect(readPlan('?plan=free')).toBe('free');
    expect(readPlan('?plan=enterprise')).toBe('free');
    expect(readPlan('')).toBe('free');
  });

  it('should offer the upgrade after a pro sign-up', () => {
    expect(destinationAfterSignup('pro')).toBe('/onboarding-name?showUpgrade=true');
    expect(destinationAfterSignup('free')).toBe('/onboarding-name');
  });
});

describe('clearSession', () => {
  it('should keep redirect_after_login', () => {
    storage.setItem(STORAGE_KEYS.redirectAfterLogin, '/dashboard');
    makeStore().dispatch(clearSession());
    expect(storage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/dashboard');
  });
});
