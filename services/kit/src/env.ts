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
    description: `HTTP port of the ${name} service`,
  };
  serviceVariables[`${upper}_GRPC_PORT`] = {
    schema: port.default(grpcPort),
    description: `gRPC port of the ${name} service`,
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
  GATEWAY_PORT: { schema: port.default(8080), description: 'Port of the gateway (the product URL)' },
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
    description: 'How long the gateway trusts a session check before asking identity again',
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
  ...serviceVariables,
} satisfies Record<string, VariableSpec>;

export type EnvName = keyof typeof ENV_VARIABLES;
