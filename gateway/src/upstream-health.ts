/** The gateway's readiness: every service's own GET /readyz (its database and bus) answers 200 in time; one check per service. */
import type { HealthCheck, ServiceEndpoint, ServiceName } from '@tracklens/kit';
import { SERVICE_NAMES } from '@tracklens/kit';

export function upstreamHealthChecks(
  services: Record<ServiceName, ServiceEndpoint>,
  timeoutMs: number,
): Record<ServiceName, HealthCheck> {
  const entries = SERVICE_NAMES.map(
    (name) => [name, () => checkReadyz(services[name].url, timeoutMs)] as const,
  );
  return Object.fromEntries(entries) as Record<ServiceName, HealthCheck>;
}

async function checkReadyz(baseUrl: string, timeoutMs: number): Promise<void> {
  let response: globalThis.Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}/readyz`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`unreachable (${describeFetchError(error)})`);
  }
  if (response.status === 200) {
    await response.body?.cancel();
    return;
  }
  const failing = failingChecksOf(await response.json().catch(() => undefined));
  throw new Error(`GET /readyz answered ${response.status}${failing ? ` (${failing})` : ''}`);
}

/** `database: error: ...` from a service's not-ready answer, so the gateway says which dependency failed. */
function failingChecksOf(body: unknown): string {
  const { status, checks } = fieldsOf(body) as { status?: unknown; checks?: unknown };
  if (status === 'draining') return 'stopping';
  if (typeof checks !== 'object' || checks === null) return '';
  return Object.entries(checks)
    .filter(([, result]) => result !== 'ok')
    .map(([name, result]) => `${name}: ${String(result)}`)
    .join('; ');
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
