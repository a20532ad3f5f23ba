import { ROUTES, createRouteMatcher } from './routes';

describe(createRouteMatcher.name, () => {
  const matcher = createRouteMatcher(ROUTES);

  it('should give /api/user/subscription to billing and other /api/user/:id paths to identity', () => {
    expect(matcher.match('GET', '/api/user/subscription')?.service).toBe('billing');
    expect(matcher.match('GET', '/api/user/me')?.service).toBe('identity');
    expect(matcher.match('GET', '/api/user/u1')?.service).toBe('identity');
  });

  it('should tell products, their videos and their plans apart by path and method', () => {
    expect(matcher.match('PATCH', '/api/products/p1')?.service).toBe('catalog');
    expect(matcher.match('POST', '/api/products/create-without-video')?.service).toBe('catalog');
    expect(matcher.match('GET', '/api/products/p1/videos')?.service).toBe('media');
    expect(matcher.match('GET', '/api/products/p1/tracking-plan-status')?.service).toBe('planning');
    expect(matcher.match('POST', '/api/products/p1/generate-analytics-strategy')?.service).toBe('chat');
    expect(matcher.match('DELETE', '/api/products/p1')).toBeUndefined();
  });

  it('should accept a trailing slash and HEAD for GET, as express does', () => {
    expect(matcher.match('GET', '/api/user/me/')?.service).toBe('identity');
    expect(matcher.match('HEAD', '/api/products')?.service).toBe('catalog');
  });

  it('should need at least one segment after a wildcard', () => {
    expect(matcher.match('GET', '/api/images/')).toBeUndefined();
    expect(matcher.match('GET', '/api/images/a/b.jpg')?.service).toBe('media');
  });

  it('should mark only the documented routes public', () => {
    const publicRoutes = ROUTES.filter((route) => route.public).map(
      (route) => `${String(route.methods)} ${route.path}`,
    );
    expect(publicRoutes).toEqual([
      'POST /api/register',
      'POST /api/login',
      'POST /api/logout',
      'GET /api/stripe/config',
      'POST /api/stripe/webhook',
      'POST /api/verify-payment-dev',
      'ANY /api/billing/*',
    ]);
    expect(matcher.match('GET', '/api/stripe/config')?.public).toBe(true);
    expect(matcher.match('GET', '/api/stripe/portal')?.public).toBeUndefined();
  });

  it('should match no path with a dot segment', () => {
    expect(matcher.match('GET', '/api/billing/../user/me')).toBeUndefined();
    expect(matcher.match('GET', '/api/billing/%2E%2e/user/me')).toBeUndefined();
  });
});
