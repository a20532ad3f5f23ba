/** gRPC over @grpc/grpc-js with .proto files loaded from proto/ at run time; deadlines and request ids on every call. */
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { Logger } from 'pino';
import { currentRequestId, newRequestId, runWithContext, sanitizeRequestId } from './context';
import { AppError } from './errors';

const loadOptions: protoLoader.Options = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true };

/** Loads a service definition, e.g. loadGrpcService(protoDir, 'identity/v1/identity.proto', 'identity.v1.IdentityService'). */
export function loadGrpcService(protoDir: string, file: string, qualifiedName: string): grpc.ServiceClientConstructor {
  const definition = protoLoader.loadSync(path.join(protoDir, file), { ...loadOptions, includeDirs: [protoDir] });
  const loaded = grpc.loadPackageDefinition(definition);
  let node: unknown = loaded;
  for (const part of qualifiedName.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'function') throw new Error(`No gRPC service ${qualifiedName} in ${file}`);
  return node as grpc.ServiceClientConstructor;
}

export type UnaryImplementation = (request: never) => Promise<unknown>;

export interface GrpcServiceBinding {
  service: grpc.ServiceClientConstructor;
  /** method name -> async (request) => response; throw AppError for a status. */
  implementation: Record<string, UnaryImplementation>;
}

export interface RunningGrpcServer {
  port: number;
  stop(): Promise<void>;
}

export async function startGrpcServer(
  bindings: GrpcServiceBinding[],
  address: { host: string; port: number },
  logger: Logger,
): Promise<RunningGrpcServer> {
  const server = new grpc.Server();
  for (const binding of bindings) {
    const handlers: grpc.UntypedServiceImplementation = {};
    for (const [method, implementation] of Object.entries(binding.implementation)) {
      handlers[method] = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const requestId = sanitizeRequestId(call.metadata.get('x-request-id')[0]?.toString()) ?? newRequestId();
        runWithContext({ requestId }, () => {
          implementation(call.request as never).then(
            (response) => callback(null, response),
            (error: unknown) => {
              const status = toGrpcStatus(error);
              if (status.code === grpc.status.INTERNAL) logger.error({ err: error, method }, 'gRPC handler failed');
              callback(status);
            },
          );
        });
      };
    }
    server.addService(binding.service.service, handlers);
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${address.host}:${address.port}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 5000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

function toGrpcStatus(error: unknown): Partial<grpc.StatusObject> {
  if (error instanceof AppError) {
    const code =
      error.status === 404
        ? grpc.status.NOT_FOUND
        : error.status === 400
          ? grpc.status.INVALID_ARGUMENT
          : error.status === 401
            ? grpc.status.UNAUTHENTICATED
            : error.status === 403
              ? grpc.status.PERMISSION_DENIED
              : error.status === 409
                ? grpc.status.ALREADY_EXISTS
                : error.status === 429
                  ? grpc.status.RESOURCE_EXHAUSTED
                  : grpc.status.INTERNAL;
    const metadata = new grpc.Metadata();
    if (error.code) metadata.set('app-code', error.code);
    return { code, details: error.message, metadata };
  }
  return { code: grpc.status.INTERNAL, details: 'Internal error' };
}

export interface GrpcClient {
  /** Calls a unary method with the deadline and the current request id. */
  call<Res>(method: string, request: object): Promise<Res>;
  close(): void;
}

/** Reconnect soon after a peer comes back: grpc-js's defaults wait up to two minutes between attempts. */
const RECONNECT = { 'grpc.initial_reconnect_backoff_ms': 100, 'grpc.max_reconnect_backoff_ms': 1000 };
/** Waits between tries of a call its peer refused as UNAVAILABLE, doubling to this. */
const UNAVAILABLE_RETRY_MS = { first: 100, max: 1000 };

export function createGrpcClient(
  service: grpc.ServiceClientConstructor,
  address: string,
  options: { deadlineMs: number },
): GrpcClient {
  const client = new service(address, grpc.credentials.createInsecure(), RECONNECT);
  return {
    /**
     * A call its peer refused as UNAVAILABLE (a process shutting down refuses calls whole; one restarting is not
     * there yet) is tried again within the deadline. Every method of proto/ is a read or keyed by an idempotency
     * reference, so a second try changes nothing twice.
     */
    async call<Res>(method: string, request: object): Promise<Res> {
      const fn = (client as unknown as Record<string, unknown>)[method];
      if (typeof fn !== 'function') throw new Error(`No gRPC method ${method}`);
      const deadline = Date.now() + options.deadlineMs;
      const requestId = currentRequestId() ?? newRequestId();
      const once = () =>
        new Promise<Res>((resolve, reject) => {
          const metadata = new grpc.Metadata();
          metadata.set('x-request-id', requestId);
          (fn as (...args: unknown[]) => void).call(
            client,
            request,
            metadata,
            // A peer restarting is waited for within the deadline instead of failing the call at once.
            { deadline, waitForReady: true },
            (error: grpc.ServiceError | null, response: Res) => (error ? reject(error) : resolve(response)),
          );
        });
      for (let wait = UNAVAILABLE_RETRY_MS.first; ; wait = Math.min(wait * 2, UNAVAILABLE_RETRY_MS.max)) {
        try {
          return await once();
        } catch (error) {
          const grpcError = error as grpc.ServiceError;
          if (grpcError.code !== grpc.status.UNAVAILABLE || Date.now() + wait >= deadline) throw fromGrpcError(grpcError);
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    },
    close: () => client.close(),
  };
}

/** A remote NOT_FOUND stays a 404 here; an unreachable peer becomes 503. */
function fromGrpcError(error: grpc.ServiceError): Error {
  const appCode = error.metadata?.get('app-code')[0]?.toString();
  switch (error.code) {
    case grpc.status.NOT_FOUND:
      return new AppError(404, error.details, appCode ?? 'NOT_FOUND');
    case grpc.status.INVALID_ARGUMENT:
      return new AppError(400, error.details, appCode ?? 'VALIDATION_ERROR');
    case grpc.status.UNAUTHENTICATED:
      return new AppError(401, error.details, appCode ?? 'NO_SESSION');
    case grpc.status.PERMISSION_DENIED:
      return new AppError(403, error.details, appCode);
    case grpc.status.ALREADY_EXISTS:
      return new AppError(409, error.details, appCode ?? 'CONFLICT');
    case grpc.status.RESOURCE_EXHAUSTED:
      return new AppError(429, error.details, appCode ?? 'RATE_LIMITED');
    case grpc.status.UNAVAILABLE:
    case grpc.status.DEADLINE_EXCEEDED:
      return new AppError(503, 'A dependent service is unavailable', 'UNAVAILABLE');
    default:
      return new AppError(500, 'Internal server error', 'INTERNAL');
  }
}

export { grpc };
