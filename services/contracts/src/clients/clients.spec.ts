import { errors, loadGrpcService, startGrpcServer, type Config, type RunningGrpcServer } from '@tracklens/kit';
import { silentLogger, testConfig } from '@tracklens/kit/testing';
import {
  MalformedReplyError,
  analysisClient,
  billingClient,
  catalogClient,
  identityClient,
  latestTrackingPlanReply,
  planningClient,
  productAnalysisReply,
  type AnalysisClient,
  type BillingClient,
  type CatalogClient,
  type IdentityClient,
  type LatestTrackingPlan,
  type PlanningClient,
} from './index';
import type { ProductAnalysis } from '../analysis';

const USER = '5b0c8f5e-7d9e-4b53-8a59-0d2f9f4a1c11';

/** What each RPC answers next (an Error is thrown): a test sets it, the real gRPC servers below send it over the wire. */
const replies: Record<string, unknown> = {};

function answer(method: string): () => Promise<unknown> {
  return async () => {
    const reply = replies[method];
    if (reply instanceof Error) throw reply;
    return reply;
  };
}

function analysis(overrides: Partial<ProductAnalysis> = {}): ProductAnalysis {
  return {
    productId: 'p1',
    finalized: true,
    status: 'completed',
    summary: 'A shop.',
    pageSpecs: [
      {
        id: 's1',
        videoId: 'v1',
        productId: 'p1',
        screenName: 'Your Cart',
        description: 'The cart.',
        screenshotKey: null,
        elements: [{ kind: 'button', label: 'Checkout' }],
        actions: [{ kind: 'click', target: 'Checkout', toScreen: 'Checkout', atSec: 2 }],
        firstSeenSec: 0,
        lastSeenSec: 3,
        order: 0,
        screenKind: 'cart',
      },
    ],
    journeys: [{ name: 'Main Flow', description: 'Every screen.', steps: ['Your Cart'] }],
    keyActions: [{ screenName: 'Your Cart', keyActions: ['Click Checkout'] }],
    ...overrides,
  };
}

describe('typed gRPC clients', () => {
  let config: Config;
  const servers: RunningGrpcServer[] = [];
  let billing: BillingClient;
  let catalog: CatalogClient;
  let analyses: AnalysisClient;
  let identity: IdentityClient;
  let planning: PlanningClient;

  beforeAll(async () => {
    config = await testConfig();
    const serve = async (port: number, file: string, service: string, methods: string[]) => {
      const implementation = Object.fromEntries(methods.map((method) => [method, answer(method)]));
      servers.push(
        await startGrpcServer(
          [{ service: loadGrpcService(config.protoDir, file, service), implementation }],
          { host: config.serviceHost, port },
          silentLogger,
        ),
      );
    };
    await serve(config.services.billing.grpcPort, 'billing/v1/billing.proto', 'billing.v1.BillingService', [
      'ReserveQuota',
      'ConfirmQuota',
      'ReleaseQuota',
      'GetEntitlements',
    ]);
    await serve(config.services.catalog.grpcPort, 'catalog/v1/catalog.proto', 'catalog.v1.CatalogService', [
      'GetProduct',
    ]);
    await serve(
      config.services.analysis.grpcPort,
      'analysis/v1/analysis.proto',
      'analysis.v1.AnalysisService',
      ['GetProductAnalysis'],
    );
    await serve(
      config.services.identity.grpcPort,
      'identity/v1/identity.proto',
      'identity.v1.IdentityService',
      ['GetUser'],
    );
    await serve(
      config.services.planning.grpcPort,
      'planning/v1/planning.proto',
      'planning.v1.PlanningService',
      ['GetLatestTrackingPlan'],
    );
    billing = billingClient(config);
    catalog = catalogClient(config);
    analyses = analysisClient(config);
    identity = identityClient(config);
    planning = planningClient(config);
  });

  afterAll(async () => {
    for (const client of [billing, catalog, analyses, identity, planning]) client.close();
    for (const server of servers) await server.stop();
  });

  describe(billingClient.name, () => {
    it('should answer a granted reservation and a denial as contract types', async () => {
      replies.ReserveQuota = { granted: true, reservation_id: 'r1' };
      await expect(billing.reserveQuota({ userId: USER, feature: 'tracking_plan' })).resolves.toEqual({
        granted: true,
        reservationId: 'r1',
      });
      replies.ReserveQuota = {
        granted: false,
        code: 'UPLOAD_RESTRICTED',
        message: 'Too long',
        video_duration: 420,
        video_duration_minutes: 7,
      };
      await expect(
        billing.reserveQuota({ userId: USER, feature: 'video_upload', videoDurationSec: 420 }),
      ).resolves.toEqual({
        granted: false,
        denial: {
          code: 'UPLOAD_RESTRICTED',
          message: 'Too long',
          videoDuration: 420,
          videoDurationMinutes: 7,
        },
      });
    });

    it('should reject a granted reservation without its id', async () => {
      replies.ReserveQuota = { granted: true };
      const reserved = billing.reserveQuota({ userId: USER, feature: 'tracking_plan' });
      await expect(reserved).rejects.toThrow(MalformedReplyError);
      await expect(billing.reserveQuota({ userId: USER, feature: 'tracking_plan' })).rejects.toThrow(
        'billing ReserveQuota answered a malformed reply: reply: a granted reservation needs its id',
      );
    });

    it('should read entitlements with -1 as unlimited and reject an unknown subscription status', async () => {
      const entitlements = {
        subscription_status: 'active',
        is_pro: true,
        month: '2026-11',
        tracking_plans_generated: 3,
        videos_remaining: -1,
        tracking_plans_remaining: -1,
        analytics_messages_remaining: -1,
        prompts_remaining: -1,
        max_video_seconds: -1,
      };
      replies.GetEntitlements = entitlements;
      const answered = await billing.getEntitlements(USER);
      expect(answered.usage.trackingPlansGenerated).toBe(3);
      expect(answered.remaining).toEqual({
        videos: null,
        trackingPlans: null,
        analyticsMessages: null,
        prompts: null,
        maxVideoSeconds: null,
      });
      replies.GetEntitlements = { ...entitlements, subscription_status: 'gold' };
      await expect(billing.getEntitlements(USER)).rejects.toThrow(
        /^billing GetEntitlements answered a malformed reply: subscription_status/,
      );
    });

    it('should answer a confirmation, a denial of an expired reservation and nothing to confirm as contract types', async () => {
      replies.ConfirmQuota = { confirmed: true };
      await expect(billing.confirmQuota('r1')).resolves.toEqual({ confirmed: true });
      replies.ConfirmQuota = { confirmed: false, code: 'TRACKING_PLAN_RESTRICTED', message: 'Limit' };
      await expect(billing.confirmQuota('r1')).resolves.toEqual({
        confirmed: false,
        denial: { code: 'TRACKING_PLAN_RESTRICTED', message: 'Limit' },
      });
      replies.ConfirmQuota = { confirmed: false, code: 'RELEASED' };
      await expect(billing.confirmQuota('r1')).resolves.toEqual({ confirmed: false, denial: null });
    });

    it('should say whether a release gave something back', async () => {
      replies.ReleaseQuota = { released: true };
      await expect(billing.releaseQuota('r1')).resolves.toBe(true);
    });
  });

  describe(catalogClient.name, () => {
    const product = {
      id: 'p1',
      user_id: USER,
      name: 'Acme Shop',
      description: 'An online shop.',
      type: 'website',
      analysis_status: '',
      created_at: '2026-11-25T00:00:00.000Z',
      updated_at: '2026-11-25T00:00:00.000Z',
    };

    it('should answer the product in contract form, no analysis yet as null', async () => {
      replies.GetProduct = { product };
      await expect(catalog.getProduct(USER, 'p1')).resolves.toEqual({
        id: 'p1',
        userId: USER,
        name: 'Acme Shop',
        description: 'An online shop.',
        type: 'website',
        analysisStatus: null,
        createdAt: '2026-11-25T00:00:00.000Z',
        updatedAt: '2026-11-25T00:00:00.000Z',
      });
    });

    it('should reject a reply without a product or with an unknown product type', async () => {
      replies.GetProduct = {};
      await expect(catalog.getProduct(USER, 'p1')).rejects.toThrow(
        /^catalog GetProduct answered a malformed reply: product/,
      );
      replies.GetProduct = { product: { ...product, type: 'spaceship' } };
      await expect(catalog.getProduct(USER, 'p1')).rejects.toThrow(
        /^catalog GetProduct answered a malformed reply: product\.type/,
      );
    });
  });

  describe(analysisClient.name, () => {
    it('should carry a ProductAnalysis over the wire unchanged, screen kinds included', async () => {
      replies.GetProductAnalysis = productAnalysisReply(analysis());
      await expect(analyses.getProductAnalysis(USER, 'p1')).resolves.toEqual(analysis());
    });

    it("should carry a screen's visits and its actions' frames, and read an older analysis without them", async () => {
      const [spec] = analysis().pageSpecs;
      if (!spec) throw new Error('no spec');
      const seen = analysis({
        pageSpecs: [
          {
            ...spec,
            timeRanges: [
              { startSec: 0, endSec: 1.5 },
              { startSec: 2.25, endSec: 3 },
            ],
            actions: [{ kind: 'click', target: 'Checkout', toScreen: 'Checkout', atSec: 2, screenshotKey: 'users/u/frame-1.jpg' }],
          },
        ],
      });
      replies.GetProductAnalysis = productAnalysisReply(seen);
      await expect(analyses.getProductAnalysis(USER, 'p1')).resolves.toEqual(seen);

      const reply = productAnalysisReply(seen);
      const [wire] = reply.page_specs;
      if (!wire) throw new Error('no spec on the wire');
      const { time_ranges: _ranges, ...older } = wire;
      replies.GetProductAnalysis = {
        ...reply,
        page_specs: [{ ...older, actions: older.actions.map(({ screenshot_key: _key, ...action }) => action) }],
      };
      const answered = await analyses.getProductAnalysis(USER, 'p1');
      expect(answered?.pageSpecs[0]?.timeRanges).toBeUndefined();
      expect(answered?.pageSpecs[0]?.actions).toEqual([{ kind: 'click', target: 'Checkout', toScreen: 'Checkout', atSec: 2 }]);
    });

    it('should read a kind it does not know, or none from an older analysis, as other', async () => {
      const reply = productAnalysisReply(analysis());
      const spec = reply.page_specs[0];
      replies.GetProductAnalysis = {
        ...reply,
        page_specs: [
          { ...spec, screen_kind: 'wizard' },
          { ...spec, id: 's2', screen_kind: '' },
        ],
      };
      const answered = await analyses.getProductAnalysis(USER, 'p1');
      expect(answered?.pageSpecs.map((s) => s.screenKind)).toEqual(['other', 'other']);
    });

    it('should reject a reply without a product id', async () => {
      replies.GetProductAnalysis = { ...productAnalysisReply(analysis()), product_id: '' };
      await expect(analyses.getProductAnalysis(USER, 'p1')).rejects.toThrow(
        /^analysis GetProductAnalysis answered a malformed reply: product_id/,
      );
    });
  });

  describe(identityClient.name, () => {
    it('should answer the user in contract form and reject a reply without one', async () => {
      replies.GetUser = {
        user: {
          id: USER,
          name: 'Ada',
          email: 'ada@example.com',
          subscription_status: 'free',
          created_at: '2026-11-25T00:00:00.000Z',
        },
      };
      await expect(identity.getUser(USER)).resolves.toMatchObject({
        id: USER,
        email: 'ada@example.com',
        subscriptionStatus: 'free',
        videosUploaded: 0,
      });
      replies.GetUser = {};
      await expect(identity.getUser(USER)).rejects.toThrow(
        /^identity GetUser answered a malformed reply: user/,
      );
    });
  });

  describe(planningClient.name, () => {
    const plan: LatestTrackingPlan = {
      id: 'plan-1',
      title: 'Acme Shop Tracking Plan',
      completedAt: '2026-11-25T00:00:00.000Z',
      content: {
        events: [
          {
            name: 'Checkout Started',
            trigger: 'User clicks Checkout',
            description: 'The cart goes to checkout.',
            category: 'user_action',
            screenshot_path: '/api/images/users/u/cart.jpg',
            properties: [
              { name: 'cart_value', type: 'number', description: 'Cart total.', example: '42.5', required: true },
              { name: 'payment_method', type: 'enum', description: 'How.', example: 'Card', required: false, values: ['Card', 'PayPal'] },
              { name: 'products', type: 'array', description: 'Items.', example: '[]', required: false, items: 'object' },
              { name: 'email', type: 'string', description: 'Buyer.', example: '', required: false, pii: true },
            ],
          },
          {
            name: 'Cart Viewed',
            trigger: 'User opens the cart',
            description: 'The cart screen.',
            category: 'page_view',
            screenshot_path: null,
            properties: [],
          },
        ],
        funnels: [{ name: 'Checkout', description: 'Cart to order.', steps: ['Cart Viewed', 'Checkout Started'] }],
      },
    };

    it('should carry a completed plan over the wire unchanged (enums, arrays, personal data), a missing screenshot as null', async () => {
      replies.GetLatestTrackingPlan = latestTrackingPlanReply(plan);
      await expect(planning.getLatestTrackingPlan(USER, 'p1')).resolves.toEqual(plan);
    });

    it('should answer null when the product has no completed plan', async () => {
      replies.GetLatestTrackingPlan = errors.notFound('Tracking plan not found');
      await expect(planning.getLatestTrackingPlan(USER, 'p1')).resolves.toBeNull();
    });

    it('should read an unknown category or property type leniently and reject an event without a name', async () => {
      const reply = latestTrackingPlanReply(plan);
      const first = reply.events[0]!;
      replies.GetLatestTrackingPlan = {
        ...reply,
        events: [{ ...first, category: 'server_side', properties: [{ ...first.properties[0], type: 'money' }] }],
      };
      const answered = await planning.getLatestTrackingPlan(USER, 'p1');
      expect(answered?.content.events[0]).toMatchObject({ category: 'user_action', properties: [{ type: 'string' }] });
      replies.GetLatestTrackingPlan = { ...reply, events: [{ ...first, name: '' }] };
      await expect(planning.getLatestTrackingPlan(USER, 'p1')).rejects.toThrow(
        /^planning GetLatestTrackingPlan answered a malformed reply: events\.0\.name/,
      );
    });
  });
});
