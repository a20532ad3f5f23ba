/** What every typed client shares: one connection from config, and replies that must match their schema. */
import { createGrpcClient, loadGrpcService, type Config } from '@tracklens/kit';
import type { z } from 'zod';

/** The part of a service's config a client reads. */
export type ClientConfig = Pick<Config, 'protoDir' | 'grpcDeadlineMs' | 'services'>;

/** A reply that does not match the proto's contract: the peer is broken or of another version. */
export class MalformedReplyError extends Error {
  constructor(rpc: string, issues: string) {
    super(`${rpc} answered a malformed reply: ${issues}`);
    this.name = 'MalformedReplyError';
  }
}

export interface ValidatingClient {
  /** Calls a unary method and answers its reply parsed by `reply`; MalformedReplyError when it does not match. */
  call<S extends z.ZodType>(method: string, request: object, reply: S): Promise<z.output<S>>;
  close(): void;
}

/** A connection to `<service>.v1.<Service>Service` (proto/<service>/v1/<service>.proto) at its configured address. */
export function connect(
  config: ClientConfig,
  service: 'analysis' | 'billing' | 'catalog' | 'identity' | 'media' | 'planning',
): ValidatingClient {
  const qualified = `${service}.v1.${service.charAt(0).toUpperCase()}${service.slice(1)}Service`;
  const client = createGrpcClient(
    loadGrpcService(config.protoDir, `${service}/v1/${service}.proto`, qualified),
    config.services[service].grpcUrl,
    { deadlineMs: config.grpcDeadlineMs },
  );
  return {
    async call(method, request, reply) {
      const parsed = reply.safeParse(await client.call<unknown>(method, request));
      if (parsed.success) return parsed.data;
      const issues = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'reply'}: ${issue.message}`,
      );
      throw new MalformedReplyError(`${service} ${method}`, issues.join('; '));
    },
    close: () => client.close(),
  };
}
