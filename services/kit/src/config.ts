/** Parses the environment once, with zod; a bad value stops start-up naming the variable. */
import path from 'node:path';
import { z } from 'zod';
import { createLogger } from './logger';
import { DEFAULT_JWT_SECRET, ENV_VARIABLES, SERVICE_NAMES, type ServiceName } from './env';

/** The product's address when neither GATEWAY_PORT nor PORT is set. */
export const DEFAULT_GATEWAY_PORT = 8080;

/** The gateway's operations port in production when GATEWAY_OPS_PORT is unset. */
export const DEFAULT_GATEWAY_OPS_PORT = 9090;

const shape = Object.fromEntries(Object.entries(ENV_VARIABLES).map(([name, spec]) => [name, spec.schema]));
const envSchema = z.object(shape);

type Parsed = { [K in keyof typeof ENV_VARIABLES]: z.output<(typeof ENV_VARIABLES)[K]['schema']> };

export interface ServiceEndpoint {
  httpPort: number;
  grpcPort: number;
  url: string;
  grpcUrl: string;
}

export interface Config {
  appEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  /** This deployment's namespace on a shared NATS server (NatsBusOptions.prefix). */
  natsPrefix: string;
  jwtSecret: string;
  serviceHost: string;
  gatewayHost: string;
  gatewayPort: number;
  /** Where the gateway answers /readyz and /metrics instead of its public port; undefined: on the public port. */
  gatewayOpsPort: number | undefined;
  /** How long a stopping process keeps answering with its readiness already false (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  webDist: string;
  protoDir: string;
  grpcDeadlineMs: number;
  outboxPollMs: number;
  busMaxDeliveries: number;
  sessionCheckCacheMs: number;
  authRateLimitPerMinute: number;
  /** The admin panel's 'clear staging data'; false in production whatever ALLOW_CLEAR_STAGING_DATA says. */
  canClearData: boolean;
  gatewayTrustProxy: string;
  /** Where users reach the product (no trailing slash). */
  publicUrl: string;
  stripe: StripeSettings;
  billing: BillingSettings;
  openai: OpenAiSettings;
  /** The founder call banner of the analytics strategy page; url null hides it. */
  founderCall: { url: string | null; name: string | null };
  analysis: AnalysisSettings;
  storage: StorageSettings;
  uploads: UploadSettings;
  services: Record<ServiceName, ServiceEndpoint>;
}

/** Object storage: local disk (development) or an S3-compatible bucket. */
export type StorageSettings =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      publicEndpoint: string | undefined;
      forcePathStyle: boolean;
      /** Absent: the AWS SDK's default credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface UploadSettings {
  urlTtlSeconds: number;
  maxBytes: number;
  requestTimeoutMs: number;
  sweepIntervalMs: number;
}

/** An OpenAI-compatible model; without an API key the built-in offline analyzer and generator serve. */
export interface OpenAiSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
}

/** The analysis service's worker: concurrent runs per process, frames per video for the vision model. */
export interface AnalysisSettings {
  concurrency: number;
  maxModelFrames: number;
}

export interface StripeSettings {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  priceId: string | undefined;
  webhookSecret: string | undefined;
  apiBase: string | undefined;
}

/** billing's own settings beside Stripe's. */
export interface BillingSettings {
  /** PAYMENTS_DISABLED: no checkout at all (production without a Stripe key needs it said explicitly). */
  paymentsDisabled: boolean;
  /** How long a reservation nobody confirmed holds its quota unit. */
  reservationTtlSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The checkout's root folder, found from this file (dist/ or src/ of services/kit). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** What a process will open; the gateway opens no database and no bus. */
export interface ConfigNeeds {
  database: boolean;
  bus: boolean;
}

const SERVICE_NEEDS: ConfigNeeds = { database: true, bus: true };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, needs: ConfigNeeds = SERVICE_NEEDS): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const raw = result.data as Parsed;
  const perService = result.data as Record<string, unknown>;
  const services = Object.fromEntries(
    SERVICE_NAMES.map((name) => {
      const upper = name.toUpperCase();
      const httpPort = perService[`${upper}_HTTP_PORT`] as number;
      const grpcPort = perService[`${upper}_GRPC_PORT`] as number;
      return [
        name,
        {
          httpPort,
          grpcPort,
          url: (perService[`${upper}_URL`] as string | undefined) ?? `http://127.0.0.1:${httpPort}`,
          grpcUrl: (perService[`${upper}_GRPC_URL`] as string | undefined) ?? `127.0.0.1:${grpcPort}`,
        },
      ];
    }),
  ) as Record<ServiceName, ServiceEndpoint>;

  const config: Config = {
    appEnv: raw.APP_ENV,
    isProduction: raw.APP_ENV === 'production',
    logLevel: raw.LOG_LEVEL,
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    natsUrl: raw.NATS_URL,
    natsPrefix: raw.NATS_PREFIX,
    jwtSecret: raw.JWT_SECRET,
    serviceHost: raw.SERVICE_HOST,
    gatewayHost: raw.GATEWAY_HOST,
    gatewayPort: raw.GATEWAY_PORT ?? raw.PORT ?? DEFAULT_GATEWAY_PORT,
    gatewayOpsPort: raw.GATEWAY_OPS_PORT ?? (raw.APP_ENV === 'production' ? DEFAULT_GATEWAY_OPS_PORT : undefined),
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_MS,
    webDist: path.resolve(raw.WEB_DIST ?? path.join(repoRoot, 'web', 'dist')),
    protoDir: path.resolve(raw.PROTO_DIR ?? path.join(repoRoot, 'proto')),
    grpcDeadlineMs: raw.GRPC_DEADLINE_MS,
    outboxPollMs: raw.OUTBOX_POLL_MS,
    busMaxDeliveries: raw.BUS_MAX_DELIVERIES,
    sessionCheckCacheMs: raw.SESSION_CHECK_CACHE_MS,
    authRateLimitPerMinute: raw.AUTH_RATE_LIMIT_PER_MINUTE,
    canClearData: raw.APP_ENV !== 'production' && raw.ALLOW_CLEAR_STAGING_DATA,
    gatewayTrustProxy: raw.GATEWAY_TRUST_PROXY,
    publicUrl: raw.PUBLIC_URL.replace(/\/+$/, ''),
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY,
      publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
      priceId: raw.STRIPE_PRICE_ID,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
      apiBase: raw.STRIPE_API_BASE,
    },
    billing: { paymentsDisabled: raw.PAYMENTS_DISABLED, reservationTtlSeconds: raw.QUOTA_RESERVATION_TTL_SECONDS },
    openai: { apiKey: raw.OPENAI_API_KEY, baseUrl: raw.OPENAI_BASE_URL, model: raw.OPENAI_MODEL },
    founderCall: { url: raw.FOUNDER_CALL_URL ?? null, name: raw.FOUNDER_NAME ?? null },
    analysis: { concurrency: raw.ANALYSIS_CONCURRENCY, maxModelFrames: raw.ANALYSIS_MAX_FRAMES },
    storage: storageSettings(raw),
    uploads: {
      urlTtlSeconds: raw.UPLOAD_URL_TTL_SECONDS,
      maxBytes: raw.MAX_UPLOAD_BYTES,
      requestTimeoutMs: raw.UPLOAD_REQUEST_TIMEOUT_MS,
      sweepIntervalMs: raw.UPLOAD_SWEEP_INTERVAL_MS,
    },
    services,
  };
  assertConsistent(config);
  assertProductionReady(config, needs);
  return config;
}

function storageSettings(raw: Parsed): StorageSettings {
  if (!raw.S3_BUCKET) return { kind: 'local', dir: path.join(path.resolve(raw.DATA_DIR), 'objects') };
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID: set together with S3_SECRET_ACCESS_KEY (or neither, for the default credential chain)']);
  }
  return {
    kind: 's3',
    bucket: raw.S3_BUCKET,
    region: raw.S3_REGION,
    endpoint: raw.S3_ENDPOINT,
    publicEndpoint: raw.S3_PUBLIC_ENDPOINT ?? raw.S3_ENDPOINT,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE,
    credentials:
      raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** Variables that only make sense together. */
function assertConsistent(config: Config): void {
  if (config.stripe.secretKey && !config.stripe.priceId) {
    throw new ConfigError(['STRIPE_PRICE_ID: required when STRIPE_SECRET_KEY is set (the Price of the Pro plan)']);
  }
}

/** Production never runs on the embedded stand-ins. */
function assertProductionReady(config: Config, needs: ConfigNeeds): void {
  if (!config.isProduction) return;
  const problems: string[] = [];
  if (needs.database && !config.databaseUrl) problems.push('DATABASE_URL: required in production (embedded PGlite is for development)');
  if (needs.bus && !config.natsUrl) problems.push('NATS_URL: required in production (the in-process bus is for development)');
  if (config.jwtSecret === DEFAULT_JWT_SECRET) problems.push('JWT_SECRET: the default secret is refused in production');
  if (problems.length > 0) throw new ConfigError(problems);
}

/** Loads config or exits the process with the list of bad variables. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env, needs: ConfigNeeds = SERVICE_NEEDS): Config {
  try {
    return loadConfig(env, needs);
  } catch (error) {
    if (error instanceof ConfigError) {
      createLogger('config').fatal({ problems: error.problems }, error.message);
      process.exit(1);
    }
    throw error;
  }
}
