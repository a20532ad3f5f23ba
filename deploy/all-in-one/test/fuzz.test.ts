/**
 * Hostile input against every route of the whole product, through its gateway: control characters, huge and
 * broken strings, deep JSON, wrong types, prototype keys, traversal in ids. Whatever arrives, the answer is a
 * 4xx or a success: never a 5xx, never a stack trace.
 *
 * Every field, id and query value first meets a fixed set of values (a NUL, an escape character, a lone
 * surrogate, JSON nested 10,000 deep), then random ones. The seed is fixed so that CI is repeatable: a failure
 * prints fast-check's seed and the request that failed, FUZZ_SEED=<seed> replays it, another seed explores
 * other inputs and FUZZ_RUNS sets how many random requests each route gets.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ROUTES, createRouteMatcher } from '@tracklens/gateway';
import { freshDatabaseUrl, testConfig } from '@tracklens/kit/testing';
import { startAllInOne, type AllInOne } from '../src/all-in-one';
import { Visitor } from './product';

const SEED = Number(process.env.FUZZ_SEED ?? 230623);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 8);
const REQUEST_TIMEOUT_MS = 20_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Real ids the valid form of each request uses, so that a hostile value meets the code behind the checks. */
interface Ids {
  userId: string;
  productId: string;
  savedItemId: string;
  chatSessionId: string;
  uploadToken: string;
  storageKey: string;
  checkoutSessionId: string;
}

interface FuzzRoute {
  method: Method;
  /** `:name` is one path segment, filled from params. */
  path: string;
  params?: (ids: Ids) => Record<string, string>;
  query?: (ids: Ids) => Record<string, string>;
  body?: (ids: Ids) => Record<string, unknown>;
  /** A body that is not JSON (an upload's bytes, a webhook's payload). */
  rawBody?: { contentType: string; text: string };
  headers?: Record<string, string>;
  /** Fuzzed without a session, as a visitor who is not signed in calls it. */
  anonymous?: boolean;
}

const uniqueEmail = () => `fuzz.${randomUUID().slice(0, 12)}@example.com`;
const longEnoughDescription = 'A product that exists only to be fuzzed.';
const strategyBody = (ids: Ids) => ({
  sessionId: ids.chatSessionId,
  userMessage: 'Which KPIs?',
  conversationHistory: '',
});

/** Every row of the gateway's route table, with at least one request (the coverage test below checks it). */
const FUZZ_ROUTES: FuzzRoute[] = [
  { method: 'GET', path: '/api/user/subscription' },
  {
    method: 'POST',
    path: '/api/register',
    anonymous: true,
    body: () => ({ name: 'Fuzz', email: uniqueEmail(), password: 'a long password' }),
  },
  {
    method: 'POST',
    path: '/api/login',
    anonymous: true,
    body: () => ({ email: uniqueEmail(), password: 'a long password' }),
  },
  { method: 'POST', path: '/api/logout', anonymous: true, body: () => ({}) },
  { method: 'GET', path: '/api/user/me' },
  { method: 'GET', path: '/api/user/:id', params: (ids) => ({ id: ids.userId }) },

  { method: 'GET', path: '/api/products' },
  {
    method: 'POST',
    path: '/api/products/create-without-video',
    body: () => ({ name: 'Fuzzed product', type: 'website', description: longEnoughDescription }),
  },
  { method: 'GET', path: '/api/products/:id', params: (ids) => ({ id: ids.productId }) },
  {
    method: 'PATCH',
    path: '/api/products/:id',
    params: (ids) => ({ id: ids.productId }),
    body: () => ({ name: 'Fuzzed product', description: longEnoughDescription }),
  },
  { method: 'GET', path: '/api/knowledge-base', query: (ids) => ({ productId: ids.productId }) },
  {
    method: 'POST',
    path: '/api/saved-items',
    body: (ids) => ({
      productId: ids.productId,
      name: 'Saved',
      type: 'tracking_plan',
      content: { events: [] },
    }),
  },
  { method: 'GET', path: '/api/saved-items', query: (ids) => ({ productId: ids.productId }) },
  { method: 'DELETE', path: '/api/saved-items/:id', params: (ids) => ({ id: ids.savedItemId }) },

  {
    method: 'POST',
    path: '/api/uploads',
    body: (ids) => ({
      productId: ids.productId,
      fileName: 'demo.mp4',
      contentType: 'video/mp4',
      fileSize: 1024,
    }),
  },
  {
    method: 'PUT',
    path: '/api/uploads/:token',
    anonymous: true,
    params: (ids) => ({ token: ids.uploadToken }),
    rawBody: { contentType: 'video/mp4', text: 'not really a video' },
  },
  { method: 'GET', path: '/api/products/:id/videos', params: (ids) => ({ id: ids.productId }) },
  {
    method: 'POST',
    path: '/api/products/:id/videos/direct',
    params: (ids) => ({ id: ids.productId }),
    body: (ids) => ({
      storageKey: ids.storageKey,
      originalName: 'demo.mp4',
      fileSize: 1024,
      contentType: 'video/mp4',
    }),
  },
  { method: 'DELETE', path: '/api/videos/:id', params: () => ({ id: randomUUID() }) },
  { method: 'GET', path: '/api/images/:path', params: (ids) => ({ path: `u%2F${ids.userId}%2Fframe.jpg` }) },

  { method: 'POST', path: '/api/videos/:id/retry-analysis', params: () => ({ id: randomUUID() }) },
  { method: 'GET', path: '/api/videos/:id/page-specs', params: () => ({ id: randomUUID() }) },
  { method: 'DELETE', path: '/api/page-specs/:id', params: () => ({ id: randomUUID() }) },
  {
    method: 'POST',
    path: '/api/products/:id/page-specs/enhance',
    params: (ids) => ({ id: ids.productId }),
    body: () => ({ screenName: 'Checkout', description: 'Where the cart is paid.', videoId: randomUUID() }),
  },
  {
    method: 'POST',
    path: '/api/products/:id/page-specs/finalize',
    params: (ids) => ({ id: ids.productId }),
    body: () => ({ videoId: randomUUID() }),
  },

  {
    method: 'POST',
    path: '/api/products/:id/generate-tracking-plan',
    params: (ids) => ({ id: ids.productId }),
    body: () => ({}),
  },
  { method: 'GET', path: '/api/products/:id/tracking-plans', params: (ids) => ({ id: ids.productId }) },
  { method: 'GET', path: '/api/products/:id/tracking-plan-status', params: (ids) => ({ id: ids.productId }) },
  { method: 'DELETE', path: '/api/tracking-plans/:id', params: () => ({ id: randomUUID() }) },
  {
    method: 'GET',
    path: '/api/tracking-plans/:id/export',
    params: () => ({ id: randomUUID() }),
    query: () => ({ format: 'snowplow', vendor: 'com.example' }),
  },

  { method: 'GET', path: '/api/chat/config' },
  {
    method: 'GET',
    path: '/api/chat-sessions',
    query: (ids) => ({ productId: ids.productId, chatType: 'analytics_strategy' }),
  },
  {
    method: 'POST',
    path: '/api/chat-sessions',
    body: (ids) => ({ productId: ids.productId, chatType: 'user_flow', title: 'Fuzz chat' }),
  },
  { method: 'DELETE', path: '/api/chat-sessions/:id', params: () => ({ id: randomUUID() }) },
  { method: 'GET', path: '/api/chat-messages/:id', params: () => ({ id: randomUUID() }) },
  { method: 'GET', path: '/api/chat-messages', query: (ids) => ({ sessionId: ids.chatSessionId }) },
  {
    method: 'POST',
    path: '/api/chat-messages',
    body: (ids) => ({ sessionId: ids.chatSessionId, message: 'Hello' }),
  },
  {
    method: 'POST',
    path: '/api/products/:id/generate-analytics-strategy',
    params: (ids) => ({ id: ids.productId }),
    body: strategyBody,
  },
  {
    method: 'POST',
    path: '/api/products/:id/generate-user-flow',
    params: (ids) => ({ id: ids.productId }),
    body: strategyBody,
  },
  { method: 'GET', path: '/api/products/:id/jobs', params: (ids) => ({ id: ids.productId }) },

  { method: 'GET', path: '/api/stripe/config', anonymous: true },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    anonymous: true,
    headers: { 'stripe-signature': 't=1,v1=00' },
    rawBody: { contentType: 'application/json', text: '{"type":"checkout.session.completed"}' },
  },
  { method: 'POST', path: '/api/create-checkout-session', body: (ids) => ({ userId: ids.userId }) },
  { method: 'POST', path: '/api/verify-payment', body: (ids) => ({ sessionId: ids.checkoutSessionId }) },
  {
    method: 'POST',
    path: '/api/verify-payment-dev',
    anonymous: true,
    body: (ids) => ({ sessionId: ids.checkoutSessionId }),
  },
  {
    method: 'GET',
    path: '/api/billing/checkout/:id',
    anonymous: true,
    params: (ids) => ({ id: ids.checkoutSessionId }),
  },
  // Pay and cancel only ever see hostile ids: paying the real session would make the fuzzing user Pro.
  {
    method: 'POST',
    path: '/api/billing/checkout/:id/cancel',
    anonymous: true,
    params: () => ({ id: 'cs_test_dev_unknown' }),
  },
  {
    method: 'POST',
    path: '/api/billing/checkout/:id/pay',
    anonymous: true,
    params: () => ({ id: 'cs_test_dev_unknown' }),
  },

  // The gateway's own admin routes (clear-staging is left out: it would empty the fixtures mid-run).
  { method: 'GET', path: '/api/config/database' },
  { method: 'GET', path: '/api/admin/database/stats' },
];

// ---------------------------------------------------------------------------------------------------------------
// Hostile values. Each carries a short label, so that a failure report shows 'x' × 600000, not the string.

/** A value as it travels (a JSON fragment, a percent-encoded path segment or query value) and how to name it. */
class Hostile {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}

  [fc.toStringMethod](): string {
    return this.label;
  }
}

const shortLabel = (value: string, max = 60) =>
  value.length > max
    ? `${JSON.stringify(value.slice(0, max - 20))}… (${value.length} chars)`
    : JSON.stringify(value);

const controlCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u007f', '\u0085', '\u009b'),
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const anyUtf16Unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const sqlish = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '\\',
  '%',
  '_%',
  '$1',
  '\\x00',
  '1; SELECT pg_sleep(10)',
  '"',
  "''",
];
const traversal = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '....//....//',
  'C:\\boot.ini',
  'file:///etc/passwd',
];
const prototypeKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
];
const numbersAsText = ['1e309', 'NaN', '-1', '0x1f', 'Infinity', '9007199254740993', '-0', '1_000', ' 42 '];
const unusualText = [
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202eevil.mp4',
  'Ω≈ç√∫',
  'ﷺ',
  '\ufeffBOM',
  '\u00a0',
  '\u3000',
  '   ',
  'İı',
  'a\u0301',
];

/** Strings as JavaScript holds them: what a body field, a query value or an id may carry. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 6 }), controlCharacter, fc.string({ maxLength: 6 }))
      .map((parts) => parts.join('')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 6 }), loneSurrogate, fc.string({ maxLength: 6 }))
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: anyUtf16Unit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...sqlish,
      ...traversal,
      ...prototypeKeys,
      ...numbersAsText,
      ...unusualText,
      '',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(300, 5_000, 100_000, 600_000).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.constantFrom(50_000, 200_000).map((length) => '😀'.repeat(length)) },
);

function deepJson(depth: number, shape: 'array' | 'object'): Hostile {
  const text =
    shape === 'array'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return new Hostile(text, `${shape} nested ${depth} deep`);
}

/** JSON fragments for one field of a body. */
const hostileJson: fc.Arbitrary<Hostile> = fc.oneof(
  {
    weight: 4,
    arbitrary: hostileString.map((value) => new Hostile(JSON.stringify(value), shortLabel(value))),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        'null',
        'true',
        'false',
        '0',
        '-1',
        '1.5',
        '-0',
        '1e308',
        '123456789012345678901234567890',
        '[]',
        '{}',
      )
      .map((text) => new Hostile(text, text)),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '[null]',
        '["a","b"]',
        '{"a":1}',
        '[{"$ne":null}]',
        '{"$gt":""}',
        '{"__proto__":{"polluted":true}}',
      )
      .map((text) => new Hostile(text, text)),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(64, 65, 1_000, 10_000, 100_000)
      .chain((depth) => fc.constantFrom(deepJson(depth, 'array'), deepJson(depth, 'object'))),
  },
  {
    weight: 1,
    arbitrary: fc
      .jsonValue({ maxDepth: 3 })
      .map((value) => new Hostile(JSON.stringify(value), shortLabel(JSON.stringify(value)))),
  },
);

/** Whole bodies: not an object at all, not JSON, or JSON with traps in it. */
const hostileBody: fc.Arbitrary<Hostile> = fc.oneof(
  hostileJson,
  fc
    .constantFrom(
      '{',
      '{"a":',
      '{"a" 1}',
      "{'a':1}",
      '\u0000',
      '[1,]',
      '{"a":1}}',
      'undefined',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
    )
    .map((text) => new Hostile(text, shortLabel(text))),
  fc.constantFrom(2_000, 100_000).map((depth) => deepJson(depth, 'array')),
  fc.constant(new Hostile(`{"name":"${'x'.repeat(1_200_000)}"}`, 'a 1.2 MB body')),
);

const hostileContentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
);

/** Percent-encodes text as a client would, lone surrogates included (as the bytes a broken encoder sends). */
function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Path segments as they go on the wire: encoded hostile strings and encodings that are broken on purpose. */
const hostileSegment: fc.Arbitrary<Hostile> = fc.oneof(
  {
    weight: 3,
    arbitrary: hostileString
      .filter((value) => value.length > 0 && value.length <= 20_000)
      .map((value) => new Hostile(percentEncode(value), shortLabel(value))),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '..',
        '.',
        '%2e%2e',
        '..%2f..%2fetc%2fpasswd',
        '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '..%5c..%5cwindows',
        '%00',
        '%',
        '%zz',
        '%ff%fe',
        '%c0%ae%c0%ae',
        '%25%32%65',
        'a%2Fb',
        '00000000-0000-0000-0000-000000000000',
        'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
        `${randomUUID()}%00`,
        `${randomUUID()}x`,
        '%E2%80%AE',
        'a'.repeat(20_000),
      )
      .map((text) => new Hostile(text, shortLabel(text))),
  },
);

/** Query values on the wire, alone, repeated or bracketed (arrays and objects in some parsers). */
const hostileQueryValue = fc.record({
  value: hostileSegment,
  shape: fc.constantFrom('plain', 'repeated', 'bracketed', 'nested-proto'),
});

type Mutation =
  | { kind: 'param'; name: string; segment: Hostile }
  | {
      kind: 'query';
      name: string;
      value: Hostile;
      shape: 'plain' | 'repeated' | 'bracketed' | 'nested-proto';
    }
  | { kind: 'field'; name: string; json: Hostile }
  | { kind: 'body'; body: Hostile; contentType: string };

function mutationsOf(route: FuzzRoute, ids: Ids): fc.Arbitrary<Mutation[]> {
  const params = Object.keys(route.params?.(ids) ?? {});
  const queryNames = [...Object.keys(route.query?.(ids) ?? {}), ...prototypeKeys.slice(0, 2), 'unexpected'];
  const fields = [...Object.keys(route.body?.(ids) ?? {}), ...prototypeKeys.slice(0, 2), 'unexpected'];
  const options: fc.WeightedArbitrary<Mutation>[] = [
    {
      weight: 1,
      arbitrary: fc
        .record({ name: fc.constantFrom(...queryNames), value: hostileQueryValue })
        .map(({ name, value }): Mutation => ({
          kind: 'query',
          name,
          value: value.value,
          shape: value.shape,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ body: hostileBody, contentType: hostileContentType })
        .map(({ body, contentType }): Mutation => ({ kind: 'body', body, contentType })),
    },
  ];
  if (params.length > 0) {
    options.push({
      weight: 2,
      arbitrary: fc
        .record({ name: fc.constantFrom(...params), segment: hostileSegment })
        .map(({ name, segment }): Mutation => ({ kind: 'param', name, segment })),
    });
  }
  // Fields are where most checks live: they get the most tries.
  if (!route.rawBody) {
    options.push({
      weight: 3,
      arbitrary: fc
        .record({ name: fc.constantFrom(...fields), json: hostileJson })
        .map(({ name, json }): Mutation => ({ kind: 'field', name, json })),
    });
  }
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 });
}

/**
 * The values every field, id and query value meets on every run, before the random ones: a NUL (PostgreSQL
 * refuses it), a lone surrogate, and for body fields JSON nested far deeper than any real content.
 */
function canonicalExamples(route: FuzzRoute, ids: Ids): [Mutation[]][] {
  const nul = new Hostile(JSON.stringify('a\u0000b'), '"a\\u0000b"');
  const escape = new Hostile(JSON.stringify('a\u001bb'), '"a\\u001bb"');
  const surrogate = new Hostile(JSON.stringify('a\ud800b'), '"a\\ud800b"');
  const examples: Mutation[][] = [];
  for (const name of Object.keys(route.params?.(ids) ?? {})) {
    examples.push([
      { kind: 'param', name, segment: new Hostile(`${route.params?.(ids)[name] ?? ''}%00`, '…%00') },
    ]);
  }
  for (const name of Object.keys(route.query?.(ids) ?? {})) {
    examples.push([{ kind: 'query', name, value: new Hostile('a%00b', 'a%00b'), shape: 'plain' }]);
  }
  if (!route.rawBody) {
    for (const name of Object.keys(route.body?.(ids) ?? {})) {
      for (const json of [nul, escape, surrogate, deepJson(10_000, 'object')])
        examples.push([{ kind: 'field', name, json }]);
    }
  }
  examples.push([{ kind: 'body', body: deepJson(10_000, 'array'), contentType: 'application/json' }]);
  return examples.map((mutations) => [mutations]);
}

// ---------------------------------------------------------------------------------------------------------------
// Requests built from a route's valid form and its mutations, sent with node:http so that nothing is normalised.

interface WireRequest {
  method: Method;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function buildRequest(route: FuzzRoute, ids: Ids, mutations: Mutation[], cookie: string): WireRequest {
  const params: Record<string, string> = { ...route.params?.(ids) };
  const query: string[] = Object.entries(route.query?.(ids) ?? {}).map(
    ([name, value]) => `${name}=${percentEncode(value)}`,
  );
  const fields = new Map<string, string>(
    Object.entries(route.body?.(ids) ?? {}).map(([name, value]) => [name, JSON.stringify(value)]),
  );
  let body: string | undefined = route.rawBody?.text ?? (route.body ? '' : undefined);
  let contentType = route.rawBody?.contentType ?? 'application/json';
  let wholeBody: Hostile | undefined;

  for (const mutation of mutations) {
    if (mutation.kind === 'param') params[mutation.name] = mutation.segment.text;
    if (mutation.kind === 'field') fields.set(mutation.name, mutation.json.text);
    if (mutation.kind === 'query')
      query.push(...queryParts(mutation.name, mutation.value.text, mutation.shape));
    if (mutation.kind === 'body') {
      wholeBody = mutation.body;
      contentType = mutation.contentType;
    }
  }
  const path = route.path.replace(/:([a-z]+)/gi, (_, name: string) => params[name] ?? name);
  if (wholeBody) body = wholeBody.text;
  else if (!route.rawBody && (route.body || fields.size > 0)) {
    body = `{${[...fields].map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',')}}`;
  }
  const headers: Record<string, string> = { ...route.headers, ...(route.anonymous ? {} : { cookie }) };
  if (body !== undefined) headers['content-type'] = contentType;
  return {
    method: route.method,
    path: query.length > 0 ? `${path}?${query.join('&')}` : path,
    headers,
    body,
  };
}

function queryParts(
  name: string,
  value: string,
  shape: 'plain' | 'repeated' | 'bracketed' | 'nested-proto',
): string[] {
  if (shape === 'repeated') return [`${name}=${value}`, `${name}=${value}`];
  if (shape === 'bracketed') return [`${name}[]=${value}`];
  if (shape === 'nested-proto') return [`${name}[__proto__][polluted]=${value}`];
  return [`${name}=${value}`];
}

interface WireAnswer {
  status: number;
  text: string;
}

function send(port: number, request: WireRequest): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      // A connection per request: a kept-alive socket the server has just closed would fail on the client's side.
      {
        host: '127.0.0.1',
        port,
        agent: false,
        method: request.method,
        path: request.path,
        headers: request.headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** What a stack trace or an internal path looks like in an answer. */
const INTERNALS = /\bat [^\s"]+ \([^)]*:\d+:\d+\)|\bnode:internal\b|\bnode_modules\b|\/src\/[\w/.-]+\.ts\b/;

function requestLine(request: WireRequest): string {
  const body =
    request.body === undefined
      ? ''
      : ` (${request.headers['content-type'] ?? 'no content type'}) body ${shortLabel(request.body, 300)}`;
  return `${request.method} ${request.path.length > 200 ? `${request.path.slice(0, 200)}…` : request.path}${body}`;
}

/** Throws, naming the answer first and the request after it, when the answer is a 5xx, none or shows internals. */
async function expectNoServerError(port: number, request: WireRequest): Promise<void> {
  let answer: WireAnswer;
  try {
    answer = await send(port, request);
  } catch (error) {
    throw new Error(`no answer (${(error as Error).message}) to ${requestLine(request)}`);
  }
  if (answer.status >= 500) {
    throw new Error(`${answer.status} ${answer.text.slice(0, 200)} to ${requestLine(request)}`);
  }
  if (INTERNALS.test(answer.text)) {
    throw new Error(
      `${answer.status} with internals ${answer.text.slice(0, 300)} to ${requestLine(request)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('hostile input on every route', () => {
  let product: AllInOne;
  let port: number;
  let cookie: string;
  let ids: Ids;

  beforeAll(async () => {
    const config = await testConfig({
      DATABASE_URL: await freshDatabaseUrl('aio_fuzz'),
      // The edge's per-address limit would answer most of the run with 429 and hide what lies behind it.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    product = await startAllInOne(config);
    port = config.gatewayPort;
    ids = await createFixtures(new Visitor(`http://127.0.0.1:${port}`));
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  async function createFixtures(visitor: Visitor): Promise<Ids> {
    const registered = await visitor.call('POST', '/api/register', {
      name: 'Fuzzer',
      email: uniqueEmail(),
      password: 'a long password',
    });
    expect(registered.status).toBe(201);
    cookie = visitor.sessionCookie;
    const created = await visitor.call('POST', '/api/products/create-without-video', {
      name: 'Fuzz target',
      type: 'website',
      description: longEnoughDescription,
    });
    expect(created.status).toBe(201);
    const productId: string = created.body.id;
    const saved = await visitor.call('POST', '/api/saved-items', {
      productId,
      name: 'Kept',
      type: 'user_flow',
      content: '{}',
    });
    expect(saved.status).toBe(201);
    const session = await visitor.call('POST', '/api/chat-sessions', {
      productId,
      chatType: 'analytics_strategy',
    });
    expect(session.status).toBe(201);
    const upload = await visitor.call('POST', '/api/uploads', {
      productId,
      fileName: 'demo.mp4',
      contentType: 'video/mp4',
      fileSize: 1024,
    });
    expect(upload.status).toBe(201);
    const checkout = await visitor.call('POST', '/api/create-checkout-session', {});
    expect(checkout.status).toBe(200);
    return {
      userId: registered.body.user.id,
      productId,
      savedItemId: saved.body.id,
      chatSessionId: session.body.id,
      uploadToken: String(upload.body.uploadUrl).split('/').pop() ?? '',
      storageKey: upload.body.storageKey,
      checkoutSessionId: checkout.body.sessionId,
    };
  }

  it('should fuzz every row of the gateway route table', () => {
    const uncovered = ROUTES.filter((row) => {
      const matcher = createRouteMatcher([row]);
      return !FUZZ_ROUTES.some((route) => matcher.match(route.method, route.path.replace(/:[a-z]+/gi, 'x')));
    });
    expect(uncovered.map((row) => `${String(row.methods)} ${row.path}`)).toEqual([]);
  });

  // The service answers such a body (400, 413, 415) before reading it, and closes when the client asked it to.
  it("should pass on the service's answer to a large body the service does not read", async () => {
    const unread = new Hostile(JSON.stringify({ padding: 'x'.repeat(300_000) }), 'a 300 KB body');
    const failures: string[] = [];
    for (const route of FUZZ_ROUTES.filter((candidate) => candidate.method !== 'GET')) {
      const request = buildRequest(
        route,
        ids,
        [{ kind: 'body', body: unread, contentType: 'text/plain' }],
        cookie,
      );
      await expectNoServerError(port, request).catch((error: Error) =>
        failures.push(error.message.slice(0, 200)),
      );
    }
    expect(failures).toEqual([]);
  });

  it.each(FUZZ_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'should never answer %s with a 5xx or a stack trace',
    async (_name, route) => {
      const examples = canonicalExamples(route, ids);
      await fc.assert(
        fc.asyncProperty(mutationsOf(route, ids), async (mutations) => {
          await expectNoServerError(port, buildRequest(route, ids, mutations, cookie));
        }),
        // Examples count against numRuns: every one of them runs, then the random ones.
        { seed: SEED, numRuns: examples.length + RUNS_PER_ROUTE, examples },
      );
    },
    120_000,
  );
});
