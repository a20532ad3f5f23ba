/** The gateway's readiness: every service's GET /healthz answers 200 in time; one check per service. */
import type { HealthCheck, ServiceEndpoint, ServiceName } from '@tracklens/kit';
import { SERVICE_NAMES } from '@tracklens/kit';

export function upstreamHealthChecks(
  services: Record<ServiceName, ServiceEndpoint>,
  timeoutMs: number,
): Record<ServiceName, HealthCheck> {
  const entries = SERVICE_NAMES.map(
    (name) => [name, () => checkHealthz(services[name].url, timeoutMs)] as const,
  );
  return Object.fromEntries(entries) as Record<ServiceName, HealthCheck>;
}

async function checkHealthz(baseUrl: string, timeoutMs: number): Promise<void> {
  let response: globalThis.Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}/healthz`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`unreachable (${describeFetchError(error)})`);
  }
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`GET /healthz answered ${response.status}`);
}

/** fetch hides the socket error in `cause`; ECONNREFUSED says more than 'fetch failed'. */
function describeFetchError(error: unknown): string {
  // Duck-typed: undici's errors may come from another realm (jest's vm), where instanceof Error is false.
  const { name, message, cause } = fieldsOf(error);
  const { code, message: causeMessage } = fieldsOf(cause);
  if (typeof code === 'string') return code;
  if (typeof causeMessage === 'string') return causeMessage;
  if (name === 'TimeoutError') return 'timed out';
  return typeof message === 'string' ? message : String(error);
}

function fieldsOf(value: unknown): { name?: unknown; message?: unknown; code?: unknown; cause?: unknown } {
  return typeof value === 'object' && value !== null ? value : {};
}
