/** Every environment variable Tracklens reads, with its default and meaning. The one place they are listed. */
import { z } from 'zod';

export const SERVICE_NAMES = ['identity', 'catalog', 'media', 'analysis', 'planning', 'chat', 'billing'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const DEFAULT_JWT_SECRET = 'tracklens-development-secret-change-me';

const port = z.coerce.number().int().min(0).max(65535);
const url = z.string().url();

interface VariableSpec {
  schema: z.ZodType;
  description: string;
}

const serviceVariables: Record<string, VariableSpec> = {};
SERVICE_NAMES.forEach((name, index) => {
  const upper = name.toUpperCase();
  const httpPort = 7101 + index;
  const grpcPort = 7201 + index;
  serviceVariables[`${upper}_HTTP_PORT`] = {
    schema: port.default(httpPort),
    description: `HTTP port of the ${name} service (${httpPort}; under npm start a free port the system picks, unless set)`,
  };
  serviceVariables[`${upper}_GRPC_PORT`] = {
    schema: port.default(grpcPort),
    description: `gRPC port of the ${name} service (${grpcPort}; under npm start a free port the system picks, unless set)`,
  };
  serviceVariables[`${upper}_URL`] = {
    schema: url.optional(),
    description: `Base URL the gateway proxies ${name} routes to (default http://127.0.0.1:<${upper}_HTTP_PORT>)`,
  };
  serviceVariables[`${upper}_GRPC_URL`] = {
    schema: z.string().min(1).optional(),
    description: `host:port other services dial for ${name} gRPC (default 127.0.0.1:<${upper}_GRPC_PORT>)`,
  };
});

export const ENV_VARIABLES = {
  APP_ENV: {
    schema: z.enum(['development', 'test', 'production']).default('development'),
    description: 'development, test or production; production refuses embedded defaults',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    description: 'pino log level',
  },
  DATA_DIR: {
    schema: z.string().min(1).default('./.data'),
    description: 'Where embedded PGlite databases and local objects live (all-in-one mode)',
  },
  DATABASE_URL: {
    schema: url.optional(),
    description:
      "PostgreSQL URL of this service's database; unset means embedded PGlite under DATA_DIR. In all-in-one mode each service uses <database>_<service> on that server",
  },
  NATS_URL: {
    schema: z.string().min(1).optional(),
    description: 'NATS JetStream server, e.g. nats://127.0.0.1:4222; unset means the in-process bus',
  },
  NATS_PREFIX: {
    schema: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, 'a lower-case letter, then up to 31 lower-case letters, digits or dashes')
      .default('tracklens'),
    description:
      "This deployment's namespace on the NATS server: subjects travel as <prefix>.<subject>, streams and consumers carry it, so deployments sharing a server never consume each other's events",
  },
  JWT_SECRET: {
    schema: z.string().min(16).default(DEFAULT_JWT_SECRET),
    description: 'HS256 secret for session tokens (at least 16 characters; must be changed in production)',
  },
  SERVICE_HOST: {
    schema: z.string().min(1).default('127.0.0.1'),
    description: 'Address services bind their HTTP and gRPC servers to (0.0.0.0 in containers)',
  },
  GATEWAY_HOST: {
    schema: z.string().min(1).default('0.0.0.0'),
    description: 'Address the gateway binds to',
  },
  GATEWAY_PORT: {
    schema: port.optional(),
    description: 'Port of the gateway, the product URL (default PORT, else 8080)',
  },
  GATEWAY_OPS_PORT: {
    schema: port.optional(),
    description:
      "The gateway's internal operations port (/healthz, /readyz, /metrics), never published; when set, /readyz and /metrics answer there only. Production default 9090: there they are never served on the product's port",
  },
  SHUTDOWN_DRAIN_MS: {
    schema: z.coerce.number().int().min(0).max(8000).default(0),
    description:
      'How long a stopping process keeps answering after its /readyz turns 503 (every answer closing its connection) before it stops accepting: longer than its load balancer takes to drop a not-ready instance (a few seconds under Kubernetes); 0 stops accepting at once. At most 8000, so that with 5 s for requests in flight a stop stays within the 15 s a process gives itself',
  },
  PORT: {
    schema: port.optional(),
    description: "The platform's port convention (Heroku, Cloud Run, Render, ...): the gateway's port when GATEWAY_PORT is unset",
  },
  WEB_DIST: {
    schema: z.string().min(1).optional(),
    description: 'Folder of the built web app the gateway serves (default web/dist of the checkout)',
  },
  PROTO_DIR: {
    schema: z.string().min(1).optional(),
    description: 'Folder of the .proto files (default proto/ of the checkout)',
  },
  GRPC_DEADLINE_MS: {
    schema: z.coerce.number().int().positive().default(5000),
    description: 'Deadline of every gRPC call',
  },
  OUTBOX_POLL_MS: {
    schema: z.coerce.number().int().positive().default(500),
    description: 'How often the outbox relay looks for unpublished events',
  },
  BUS_MAX_DELIVERIES: {
    schema: z.coerce.number().int().min(1).default(5),
    description: 'Deliveries of one event before it goes to the dead-letter subject dlq.<subject>',
  },
  SESSION_CHECK_CACHE_MS: {
    schema: z.coerce.number().int().min(0).default(2000),
    description: 'How long the gateway and identity trust a live session (and identity a user record) before reading it again',
  },
  GATEWAY_TRUST_PROXY: {
    schema: z.string().min(1).default('loopback'),
    description:
      "Proxies in front of the gateway whose X-Forwarded-For is believed (express 'trust proxy' value, e.g. 'loopback, 10.0.0.0/8' behind an ingress)",
  },
  AUTH_RATE_LIMIT_PER_MINUTE: {
    schema: z.coerce.number().int().positive().default(60),
    description: 'Requests per minute one address may make to /api/login and /api/register at the gateway',
  },
  ALLOW_CLEAR_STAGING_DATA: {
    schema: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    description: "Whether the admin panel may empty every service's tables (POST /api/admin/database/clear-staging); never in production",
  },
  PUBLIC_URL: {
    schema: url.default('http://localhost:8080'),
    description: 'Address users reach the product at; Stripe Checkout returns there (/payment-processing, /payment-processing?upgrade=canceled)',
  },
  STRIPE_SECRET_KEY: {
    schema: z.string().min(1).optional(),
    description:
      'Stripe secret key (sk_test_... or sk_live_...); unset means the built-in development checkout outside production, and is refused in production unless PAYMENTS_DISABLED=true',
  },
  STRIPE_PUBLISHABLE_KEY: {
    schema: z.string().min(1).optional(),
    description: 'Stripe publishable key handed to the browser by GET /api/stripe/config',
  },
  STRIPE_PRICE_ID: {
    schema: z.string().min(1).optional(),
    description: 'Stripe Price of the Pro plan ($59/month); required with STRIPE_SECRET_KEY',
  },
  STRIPE_WEBHOOK_SECRET: {
    schema: z.string().min(1).optional(),
    description: 'Signing secret (whsec_...) of POST /api/stripe/webhook; unset means webhooks are refused',
  },
  STRIPE_API_BASE: {
    schema: url.optional(),
    description: 'Base URL of the Stripe API (default https://api.stripe.com); tests point it at a local server',
  },
  PAYMENTS_DISABLED: {
    schema: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    description:
      'Run billing without any payment provider: no checkout (POST /api/create-checkout-session answers 503), so nobody can upgrade. Production refuses to start billing without STRIPE_SECRET_KEY unless this is true; not allowed together with STRIPE_SECRET_KEY',
  },
  QUOTA_RESERVATION_TTL_SECONDS: {
    schema: z.coerce.number().int().min(1).max(24 * 3600).default(600),
    description:
      'How long billing holds a quota unit that media, planning or chat reserved and has not confirmed (its video, plan or answer was never recorded) before it gives the unit back',
  },
  S3_BUCKET: {
    schema: z.string().min(1).optional(),
    description: 'Bucket of the S3-compatible object storage; unset means local disk under DATA_DIR/objects (refused in production)',
  },
  S3_REGION: { schema: z.string().min(1).default('us-east-1'), description: 'Region of the S3 bucket' },
  S3_ENDPOINT: {
    schema: url.optional(),
    description: 'Endpoint of an S3-compatible server (MinIO, ...); unset means AWS S3',
  },
  S3_PUBLIC_ENDPOINT: {
    schema: url.optional(),
    description: 'Endpoint browsers reach the bucket at, used in presigned upload URLs (default S3_ENDPOINT)',
  },
  S3_FORCE_PATH_STYLE: {
    schema: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    description: 'Address objects as <endpoint>/<bucket>/<key> (MinIO and most S3-compatible servers need true)',
  },
  S3_ACCESS_KEY_ID: {
    schema: z.string().min(1).optional(),
    description: "S3 access key id; unset means the AWS SDK's default credential chain (env, profile, instance role)",
  },
  S3_SECRET_ACCESS_KEY: {
    schema: z.string().min(1).optional(),
    description: 'S3 secret access key; set together with S3_ACCESS_KEY_ID',
  },
  UPLOAD_URL_TTL_SECONDS: {
    schema: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
    description: 'How long an upload URL of POST /api/uploads stays valid',
  },
  MAX_UPLOAD_BYTES: {
    schema: z.coerce.number().int().positive().default(500 * 1024 * 1024),
    description: 'Largest video upload in bytes (500 MB); a longer upload stream is cut at the limit',
  },
  UPLOAD_REQUEST_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(0).default(60 * 60 * 1000),
    description: "Node's requestTimeout of the gateway and media servers: the longest a whole upload request may take",
  },
  UPLOAD_SWEEP_INTERVAL_MS: {
    schema: z.coerce.number().int().positive().default(60 * 60 * 1000),
    description: 'How often media removes uploads never registered within 24 hours (object and row)',
  },
  OPENAI_API_KEY: {
    schema: z.string().min(1).optional(),
    description:
      'API key of OpenAI or an OpenAI-compatible endpoint, used by analysis (screen understanding), planning (tracking plans) and chat (analytics strategies); unset means the built-in offline analyzer, generator and strategist',
  },
  OPENAI_BASE_URL: {
    schema: url.optional(),
    description: 'Base URL of an OpenAI-compatible API (default https://api.openai.com/v1); tests point it at a local server',
  },
  OPENAI_MODEL: {
    schema: z.string().min(1).default('gpt-4o-mini'),
    description: 'Model used with OPENAI_API_KEY; it must accept images and JSON-schema structured outputs',
  },
  FOUNDER_CALL_URL: {
    schema: url.optional(),
    description: "Booking link of the founder call banner on the analytics strategy page; unset hides the banner",
  },
  FOUNDER_NAME: {
    schema: z.string().trim().min(1).max(100).optional(),
    description: "Whose call the founder call banner offers ('Book a call with {name}'); unset says 'the founder'",
  },
  ANALYSIS_CONCURRENCY: {
    schema: z.coerce.number().int().min(1).max(16).default(1),
    description: 'Videos one analysis process analyses at the same time (each run is claimed under a lease, so replicas add up)',
  },
  ANALYSIS_MAX_FRAMES: {
    schema: z.coerce.number().int().min(1).max(40).default(24),
    description: 'Most key frames of one video sent to the vision model (OPENAI_API_KEY); the other frames take the screen of the nearest sent frame',
  },
  ...serviceVariables,
} satisfies Record<string, VariableSpec>;

export type EnvName = keyof typeof ENV_VARIABLES;
