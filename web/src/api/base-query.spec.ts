/**
 * @jest-environment node
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { sendJson, startTestServer, type TestServer } from '../test/http-server';
import { buildApiError, createBaseQuery, isAuthError, isRetryable, type ApiError } from './base-query';

function queryApi(type: 'query' | 'mutation' = 'query'): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: () => undefined,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type,
  } as BaseQueryApi;
}

describe(buildApiError.name, () => {
  it('should take the message, code and upgradeRequired of a JSON body', async () => {
    const response = new Response(
      JSON.stringify({ message: 'Monthly limit', code: 'TRACKING_PLAN_RESTRICTED', upgradeRequired: true }),
      {
        status: 403,
        statusText: 'Forbidden',
        headers: { 'Content-Type': 'application/json' },
      },
    );
    expect(await buildApiError(response)).toEqual({
      status: 403,
      message: 'Monthly limit',
      code: 'TRACKING_PLAN_RESTRICTED',
      upgradeRequired: true,
      data: { message: 'Monthly limit', code: 'TRACKING_PLAN_RESTRICTED', upgradeRequired: true },
    });
  });

  it('should fall back to the status text when a JSON body has no message', async () => {
    const response = new Response(
      JSON.stringify({
        error: 'Upgrade',
        code: 'UPLOAD_RESTRICTED',
        upgradeRequired: true,
        videoDuration: 420,
      }),
      {
        status: 403,
        statusText: 'Forbidden',
      },
    );
    const error = await buildApiError(response);
    expect(error.message).toBe('Forbidden');
    expect(error.code).toBe('UPLOAD_RESTRICTED');
    expect(error.upgradeRequired).toBe(true);
    expect(error.data).toMatchObject({ videoDuration: 420 });
  });

  it('should use the status code followed by the text for a body that is not JSON', async () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    expect(await buildApiError(response)).toEqual({ status: 502, message: '502 <html>Bad gateway</html>' });
  });

  it('should use the status text when the body cannot be read', async () => {
    const response = new Response('already read', { status: 500, statusText: 'Internal Server Error' });
    await response.text();
    expect(await buildApiError(response)).toEqual({ status: 500, message: 'Internal Server Error' });
  });
});

describe(isRetryable.name, () => {
  const error = (overrides: Partial<ApiError>): ApiError => ({ status: 500, message: 'Boom', ...overrides });

  it.each(['NO_AUTH', 'NO_SESSION', 'USER_NOT_FOUND'])('should never retry the auth code %s', (code) => {
    expect(isRetryable(error({ status: 500, code }))).toBe(false);
  });

  it('should never retry a 401 or a 403', () => {
    expect(isRetryable(error({ status: 401 }))).toBe(false);
    expect(isRetryable(error({ status: 403 }))).toBe(false);
  });

  it('should never retry an error whose message contains 401 or 403', () => {
    expect(isRetryable(error({ message: '401 Unauthorized' }))).toBe(false);
    expect(isRetryable(error({ message: 'upstream said 403' }))).toBe(false);
  });

  it('should retry server and network errors', () => {
    expect(isRetryable(error({ status: 500 }))).toBe(true);
    expect(isRetryable(error({ status: 'FETCH_ERROR', message: 'fetch failed' }))).toBe(true);
  });
});

describe(isAuthError.name, () => {
  it('should treat a 401 and messages with 401 or Authentication as the end of the session', () => {
    expect(isAuthError({ status: 401, message: 'Invalid session' })).toBe(true);
    expect(isAuthError({ status: 500, message: 'Request failed with 401' })).toBe(true);
    expect(isAuthError({ status: 500, message: 'Authentication required - Please log in' })).toBe(true);
    expect(isAuthError({ status: 404, message: 'Not found' })).toBe(false);
  });
});

describe(createBaseQuery.name, () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
  });

  afterEach(async () => {
    await server.close();
  });

  it('should send JSON with credentials and return the parsed body', async () => {
    server.handle((request, response) =>
      sendJson(response, 201, { user: { id: 'u1' }, echo: JSON.parse(request.body) }),
    );
    let seen: RequestInit | undefined;
    const baseQuery = createBaseQuery({
      baseUrl: server.baseUrl,
      fetchFn: (input, init) => {
        seen = init;
        return fetch(input, init);
      },
    });
    const result = await baseQuery(
      { url: '/api/register', method: 'POST', body: { name: 'Ada' } },
      queryApi('mutation'),
      {},
    );
    expect(result).toEqual({ data: { user: { id: 'u1' }, echo: { name: 'Ada' } } });
    expect(seen?.credentials).toBe('include');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('should retry a failed query exactly once', async () => {
    server.handle((_request, response) => sendJson(response, 503, { message: 'Service unavailable' }));
    const baseQuery = createBaseQuery({ baseUrl: server.baseUrl, retryDelayMs: 5 });
    const result = await baseQuery('/api/products', queryApi('query'), {});
    expect(result).toEqual({
      error: { status: 503, message: 'Service unavailable', data: { message: 'Service unavailable' } },
    });
    expect(server.requests).toHaveLength(2);
  });

  it('should return the retried answer when the second try succeeds', async () => {
    let calls = 0;
    server.handle((_request, response) => {
      calls += 1;
      if (calls === 1) sendJson(response, 500, { message: 'Boom' });
      else sendJson(response, 200, [{ id: 'p1' }]);
    });
    const baseQuery = createBaseQuery({ baseUrl: server.baseUrl, retryDelayMs: 5 });
    expect(await baseQuery('/api/products', queryApi('query'), {})).toEqual({ data: [{ id: 'p1' }] });
  });

  it('should retry as often as the endpoint asks (the subscription query retries 3 times)', async () => {
    server.handle((_request, response) => sendJson(response, 503, { message: 'Service unavailable' }));
    const baseQuery = createBaseQuery({ baseUrl: server.baseUrl, retryDelayMs: 2 });
    const result = await baseQuery('/api/user/subscription', queryApi('query'), { maxRetries: 3 });
    expect(result).toMatchObject({ error: { status: 503 } });
    expect(server.requests).toHaveLength(4);
  });

  it('should not retry a query that failed with NO_SESSION', async () => {
    server.handle((_request, response) =>
      sendJson(response, 401, { message: 'Session ended', code: 'NO_SESSION' }),
    );
    const baseQuery = createBaseQuery({ baseUrl: server.baseUrl, retryDelayMs: 5 });
    const result = await baseQuery('/api/user/me', queryApi('query'), {});
    expect(result).toMatchObject({ error: { status: 401, code: 'NO_SESSION' } });
    expect(server.requests).toHaveLength(1);
  });

  it('should not retry a 403', async () => {
    server.handle((_request, response) => sendJson(response, 403, { message: 'Forbidden' }));
    const baseQuery = createBaseQuery({ baseUrl: server.baseUrl, retryDelayMs: 5 });
    await baseQuery('/api/admin/database/stats', queryApi('query'), {});
    expect(server.requests).toHaveLength(1);
  });

  it('should never retry a mutation', async () => {
    server.handle((_request, response) => sendJson(response, 500, { message: 'Boom' }));
    const baseQuery = createBaseQuery({ baseUrl: server.baseUrl, retryDelayMs: 5 });
    await baseQuery({ url: '/api/saved-items', method: 'POST', body: {} }, queryApi('mutation'), {});
    expect(server.requests).toHaveLength(1);
  });

  it('should report a network failure as FETCH_ERROR', async () => {
    const url = server.baseUrl;
    await server.close();
    server = await startTestServer();
    const baseQuery = createBaseQuery({ baseUrl: url, retryDelayMs: 5 });
    const result = await baseQuery('/api/products', queryApi('query'), {});
    expect(result).toMatchObject({ error: { status: 'FETCH_ERROR' } });
  });

  it('should add query parameters', async () => {
    server.handle((_request, response) => sendJson(response, 200, []));
    const baseQuery = createBaseQuery({ baseUrl: server.baseUrl });
    await baseQuery(
      {
        url: '/api/chat-sessions',
        params: { productId: 'p 1', chatType: 'analytics_strategy', skip: undefined },
      },
      queryApi(),
      {},
    );
    expect(server.requests[0]?.url).toBe('/api/chat-sessions?productId=p%201&chatType=analytics_strategy');
  });
});
