/** One process, the whole product: the gateway and all seven services, sharing one bus. */
import { startGateway } from '@tracklens/gateway';
import { createAnalysisService } from '@tracklens/analysis';
import { createBillingService } from '@tracklens/billing';
import { createCatalogService } from '@tracklens/catalog';
import { createChatService } from '@tracklens/chat';
import { createIdentityService } from '@tracklens/identity';
import { createMediaService } from '@tracklens/media';
import { createPlanningService } from '@tracklens/planning';
import {
  InProcessBus,
  connectNatsBus,
  createLogger,
  type Config,
  type EventBus,
  type RunningService,
  type RuntimeOptions,
  type ServiceName,
} from '@tracklens/kit';

type ServiceFactory = (options: Omit<RuntimeOptions, 'name' | 'migrationsFolder'>) => Promise<RunningService>;

const factories: [ServiceName, ServiceFactory][] = [
  ['identity', createIdentityService],
  ['catalog', createCatalogService],
  ['media', createMediaService],
  ['analysis', createAnalysisService],
  ['planning', createPlanningService],
  ['chat', createChatService],
  ['billing', createBillingService],
];

export interface AllInOne {
  url: string;
  services: RunningService[];
  stop(): Promise<void>;
}

export interface AllInOneOptions {
  /** Runs right before a service starts, e.g. to free the ports reserved for it (reserveServicePorts). */
  beforeService?: (name: ServiceName) => Promise<void>;
}

export async function startAllInOne(config: Config, options: AllInOneOptions = {}): Promise<AllInOne> {
  const logger = createLogger('all-in-one', config.logLevel);
  const bus: EventBus = config.natsUrl
    ? await connectNatsBus({ url: config.natsUrl, prefix: config.natsPrefix, name: 'tracklens-all-in-one', logger })
    : new InProcessBus({ logger });

  const services: RunningService[] = [];
  const stopAll = async () => {
    for (const service of services.reverse()) await service.stop().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
    await bus.close();
  };

  try {
    // One after another: seven embedded databases opening at once only compete for two cores.
    for (const [name, factory] of factories) {
      await options.beforeService?.(name);
      services.push(await factory({ config, bus, databasePerService: true }));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  let gateway: Awaited<ReturnType<typeof startGateway>>;
  try {
    gateway = await startGateway({ config, inProcess: Object.fromEntries(services.map((service) => [service.name, service.app])) });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const url = `http://localhost:${gateway.port}`;
  const ports = Object.fromEntries(services.map((service) => [service.name, { http: service.httpPort, grpc: service.grpcPort }]));
  logger.info({ url, database: services[0]?.runtime.database.kind, bus: bus.kind, services: ports }, 'Tracklens is running');

  let stopping: Promise<void> | undefined;
  return {
    url,
    services,
    stop: () => {
      // The gateway first, so no new request reaches a service that is closing.
      stopping ??= gateway.stop().then(stopAll);
      return stopping;
    },
  };
}
