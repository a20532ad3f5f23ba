/**
 * The world planning talks to, for integration tests: real catalog and billing services on their own
 * databases, the run's bus, and contracts' AnalysisDouble answering the analyses a test registers.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  loadConfig,
  type Config,
  type EventBus,
  type EventEnvelope,
  type JobTuning,
  type RunningService,
} from '@tracklens/kit';
import { Gate, freePortEnv, freshDatabaseUrl, signedInCaller, tempDir, testBus, testConfig } from '@tracklens/kit/testing';
import type { ProductAnalysis, ProductType, TrackingPlanContent } from '@tracklens/contracts';
import { billingClient } from '@tracklens/contracts/clients';
import { AnalysisDouble } from '@tracklens/contracts/testing';
import { createBillingService } from '@tracklens/billing';
import { createCatalogService } from '@tracklens/catalog';
import { createPlanningService } from '../src/service';
import { offlinePlan } from '../src/domain/offline-generator';
import { withEvidence } from '../src/domain/plan-evidence';
import type { GenerateOptions, GeneratedPlan, PlanGenerator } from '../src/domain/ports';
import { offlineGenerator } from '../src/generation/offline.generator';

export interface Caller {
  userId: string;
  cookie: string;
}

/**
 * The real offline generator behind a gate a test can close, so a job can be caught mid-generation.
 * It honours the abort signal as the model generator does.
 */
export class GatedGenerator implements PlanGenerator {
  readonly kind = 'offline' as const;
  started = 0;
  private readonly gate = new Gate();

  hold(): void {
    this.gate.close();
  }

  release(): void {
    this.gate.open();
  }

  async generate(analysis: ProductAnalysis, options: GenerateOptions): Promise<GeneratedPlan> {
    this.started++;
    await this.gate.pass(options.signal);
    return offlineGenerator.generate(analysis, options);
  }
}

/** The plan the offline generator makes of `analysis` as a job stores it: with the moments of the video it was seen at. */
export function storedOfflinePlan(analysis: ProductAnalysis): TrackingPlanContent {
  const { content, sources } = offlinePlan(analysis);
  return withEvidence(content, analysis, sources);
}

export interface World {
  bus: EventBus;
  /** The environment planning's config is loaded from (a child process loads the same). */
  planningEnv: Record<string, string>;
  /** planning's config; catalog and billing share its ports but have their own databases. */
  config: Config;
  catalog: RunningService;
  billing: RunningService;
  analysis: AnalysisDouble;
  /** Every planning.* event seen on the bus. */
  published: EventEnvelope[];
  caller(): Caller;
  /** A product of the caller in catalog. */
  product(caller: Caller, name?: string, type?: ProductType): Promise<{ id: string; name: string }>;
  trackingPlansGenerated(userId: string): Promise<number>;
  /** A planning service on the world's bus, or on `bus` to play a process whose bus forgot its events. */
  /** `jobs` replaces the tests' short job timing (the engine's defaults with `{}`). */
  startPlanning(options?: { generator?: PlanGenerator; inMemoryDatabase?: boolean; bus?: EventBus; jobs?: JobTuning }): Promise<RunningService>;
  stop(): Promise<void>;
}

/** `planningEnv` adds variables to planning's config only (e.g. OPENAI_API_KEY), `billingEnv` to billing's. */
export async function startWorld(
  label: string,
  planningEnv: Record<string, string> = {},
  billingEnv: Record<string, string> = {},
): Promise<World> {
  const bus = await testBus(`planning-${label}`);
  const ports = await freePortEnv();
  const configFor = async (service: string, env: Record<string, string> = {}) =>
    testConfig({ ...ports, DATABASE_URL: await freshDatabaseUrl(`planning_${label}_${service}`), ...env });
  const planningDatabaseUrl = await freshDatabaseUrl(`planning_${label}_planning`);
  const env: Record<string, string> = {
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: tempDir(),
    OUTBOX_POLL_MS: '100',
    ...ports,
    ...(planningDatabaseUrl ? { DATABASE_URL: planningDatabaseUrl } : {}),
    ...planningEnv,
  };
  const config = loadConfig(env);
  const catalog = await createCatalogService({ config: await configFor('catalog'), bus, inMemoryDatabase: true });
  const billing = await createBillingService({ config: await configFor('billing', billingEnv), bus, inMemoryDatabase: true });
  const analysis = new AnalysisDouble();
  await analysis.start(config);
  const billingEntitlements = billingClient(config);
  const published: EventEnvelope[] = [];
  await bus.subscribe({ durable: `planning-test-${randomUUID().slice(0, 8)}`, subject: 'planning.>', maxDeliveries: 1 }, async (e) => {
    published.push(e);
  });
  const plannings: RunningService[] = [];

  return {
    bus,
    planningEnv: env,
    config,
    catalog,
    billing,
    analysis,
    published,
    caller: () => signedInCaller(config.jwtSecret),
    product: async (caller, name = 'Acme Shop', type = 'website') => {
      const res = await request(`http://127.0.0.1:${catalog.httpPort}`)
        .post('/api/products/create-without-video')
        .set('Cookie', caller.cookie)
        .send({ name, type, description: 'An online shop for office supplies.' });
      if (res.status !== 201) throw new Error(`product not created: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id, name: res.body.name };
    },
    trackingPlansGenerated: async (userId) => {
      return (await billingEntitlements.getEntitlements(userId)).usage.trackingPlansGenerated;
    },
    startPlanning: async (options = {}) => {
      const service = await createPlanningService({
        config,
        bus: options.bus ?? bus,
        inMemoryDatabase: options.inMemoryDatabase ?? true,
        jobs: options.jobs ?? { leaseMs: 2000, pollMs: 50, backoffMs: 50 },
        ...(options.generator ? { generator: options.generator } : {}),
      });
      plannings.push(service);
      return service;
    },
    stop: async () => {
      for (const service of plannings) await service.stop();
      billingEntitlements.close();
      await analysis.stop();
      await billing.stop();
      await catalog.stop();
      await bus.close();
    },
  };
}
