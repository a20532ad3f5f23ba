/** The gateway's readiness: every service's GET /healthz answers 200 in time; one check per service. */
import type { HealthCheck, ServiceEndpoint, ServiceName } from '@tracklens/kit';
import { SERVICE_NAMES } from '@tracklens/kit';

export function upstreamHealthChecks(
  services: Record<ServiceName, ServiceEndpoint>,
  timeoutMs: number,
): Record<ServiceName, HealthCheck> {
  const entries = SERVICE_NAMES.map((name) => [name, () => checkHealthz(services[name].url, timeoutMs)] as const);
  return Object.fromEntries(entries) as Record<ServiceName, HealthCheck>;
}

async function checkHealthz(baseUrl: string, timeoutMs: number): Promise<void> {
  let response: globalThis.Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new Error(`unreachable (${describeFetchError(error)})`);
  }
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`GET /healthz answered ${response.status}`);
}

/** fetch hides the socket error in `cause`; ECONNREFUSED says more than 'fetch failed'. */
function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code: unknown = (cause as NodeJS.ErrnoException).code;
    return typeof code === 'string' ? code : cause.message;
  }
  return error.name === 'TimeoutError' ? 'timed out' : error.message;
}
