export { startGateway, type GatewayOptions, type RunningGateway } from './gateway';
export {
  ROUTES,
  createRouteMatcher,
  isApiPath,
  type GatewayRoute,
  type HttpMethod,
  type RouteMatcher,
} from './routes';
export { createSessionChecker, type SessionChecker } from './session-check';
export { createRateLimiter, type RateLimiter } from './rate-limit';
