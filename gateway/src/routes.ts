/** The route table of ARCHITECTURE §3: which service answers each /api path, and which paths are public. */
import type { ServiceName } from '@tracklens/kit';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface GatewayRoute {
  service: ServiceName;
  /** The methods this row accepts; 'ANY' leaves the method to the service. */
  methods: readonly HttpMethod[] | 'ANY';
  /** `:name` is one path segment; a trailing `*` is one or more further segments. */
  path: string;
  /** Passes the edge without a session (the service still decides). */
  public?: boolean;
  /** Counts against AUTH_RATE_LIMIT_PER_MINUTE per client address. */
  rateLimited?: boolean;
  /** Ends the caller's session: the gateway forgets its cached session check before proxying. */
  endsSession?: boolean;
}

/** First match wins, so a specific row must come before a pattern that would also match it. */
export const ROUTES: readonly GatewayRoute[] = [
  // billing before identity: /api/user/:id would otherwise take /api/user/subscription.
  { service: 'billing', methods: ['GET'], path: '/api/user/subscription' },

  { service: 'identity', methods: ['POST'], path: '/api/register', public: true, rateLimited: true },
  { service: 'identity', methods: ['POST'], path: '/api/login', public: true, rateLimited: true },
  { service: 'identity', methods: ['POST'], path: '/api/logout', public: true, endsSession: true },
  { service: 'identity', methods: ['GET'], path: '/api/user/me' },
  { service: 'identity', methods: ['GET'], path: '/api/user/:id' },

  { service: 'catalog', methods: ['GET'], path: '/api/products' },
  { service: 'catalog', methods: ['POST'], path: '/api/products/create-without-video' },
  { service: 'catalog', methods: ['GET', 'PATCH'], path: '/api/products/:id' },
  { service: 'catalog', methods: 'ANY', path: '/api/knowledge-base' },
  { service: 'catalog', methods: 'ANY', path: '/api/saved-items' },
  { service: 'catalog', methods: 'ANY', path: '/api/saved-items/*' },

  { service: 'media', methods: 'ANY', path: '/api/uploads' },
  { service: 'media', methods: 'ANY', path: '/api/uploads/*' },
  { service: 'media', methods: ['GET'], path: '/api/products/:id/videos' },
  { service: 'media', methods: ['POST'], path: '/api/products/:id/videos/direct' },
  { service: 'media', methods: ['DELETE'], path: '/api/videos/:id' },
  { service: 'media', methods: 'ANY', path: '/api/images/*' },

  { service: 'analysis', methods: 'ANY', path: '/api/videos/:id/retry-analysis' },
  { service: 'analysis', methods: 'ANY', path: '/api/videos/:id/page-specs' },
  { service: 'analysis', methods: 'ANY', path: '/api/page-specs/*' },
  { service: 'analysis', methods: 'ANY', path: '/api/products/:id/page-specs/*' },

  { service: 'planning', methods: 'ANY', path: '/api/products/:id/generate-tracking-plan' },
  { service: 'planning', methods: 'ANY', path: '/api/products/:id/tracking-plans' },
  { service: 'planning', methods: 'ANY', path: '/api/products/:id/tracking-plan-status' },
  { service: 'planning', methods: 'ANY', path: '/api/tracking-plans/*' },

  { service: 'chat', methods: ['GET'], path: '/api/chat/config' },
  { service: 'chat', methods: 'ANY', path: '/api/chat-sessions' },
  { service: 'chat', methods: 'ANY', path: '/api/chat-sessions/*' },
  { service: 'chat', methods: 'ANY', path: '/api/chat-messages' },
  { service: 'chat', methods: 'ANY', path: '/api/chat-messages/*' },
  { service: 'chat', methods: 'ANY', path: '/api/products/:id/generate-analytics-strategy' },
  { service: 'chat', methods: 'ANY', path: '/api/products/:id/generate-user-flow' },
  { service: 'chat', methods: 'ANY', path: '/api/products/:id/jobs' },

  { service: 'billing', methods: ['GET'], path: '/api/stripe/config', public: true },
  { service: 'billing', methods: ['POST'], path: '/api/stripe/webhook', public: true },
  { service: 'billing', methods: 'ANY', path: '/api/stripe/*' },
  { service: 'billing', methods: 'ANY', path: '/api/create-checkout-session' },
  { service: 'billing', methods: 'ANY', path: '/api/verify-payment' },
  { service: 'billing', methods: ['POST'], path: '/api/verify-payment-dev', public: true },
  // The built-in development checkout pages.
  { service: 'billing', methods: 'ANY', path: '/api/billing/*', public: true },
];

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export interface RouteMatcher {
  /** The row that answers this request, or undefined (then the gateway answers 404). */
  match(method: string, pathname: string): GatewayRoute | undefined;
}

export function createRouteMatcher(routes: readonly GatewayRoute[]): RouteMatcher {
  const compiled = routes.map((route) => ({ route, pattern: compilePattern(route.path) }));
  return {
    match(method, pathname) {
      if (hasDotSegment(pathname)) return undefined;
      // express answers HEAD with the GET route, so the table does too.
      const effective = method === 'HEAD' ? 'GET' : method;
      return compiled.find(
        ({ route, pattern }) =>
          (route.methods === 'ANY' || route.methods.some((m) => m === effective)) && pattern.test(pathname),
      )?.route;
    },
  };
}

/** `/api/products/:id/videos` -> /^\/api\/products\/[^/]+\/videos\/?$/; a trailing slash is allowed, as express allows it. */
function compilePattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((segment, index, all) => {
      if (segment === '*' && index === all.length - 1) return '[^/]+(?:/[^/]+)*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/** `/api/billing/../products` must not pass the edge as a public billing path. */
function hasDotSegment(pathname: string): boolean {
  return pathname.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}
