/** Tracking plan reservations with billing's expiry: a crash between reserving and recording holds no unit for long. */
import request from 'supertest';
import { billingClient, type BillingClient } from '@tracklens/contracts/clients';
import { eventually } from '@tracklens/kit/testing';
import { randomUUID } from 'node:crypto';
import type { RunningService } from '@tracklens/kit';
import type { TrackingPlan } from '@tracklens/contracts';
import { shopAnalysis } from '../src/testing/analysis.factory';
import { GatedGenerator, startWorld, type Caller, type World } from './support';

/** Reservations expire after 1 s here, and billing looks for expired ones every 500 ms. */
const TTL_MS = 1000;
const pastExpiry = () => new Promise((resolve) => setTimeout(resolve, TTL_MS + 1200));

describe('planning tracking plan reservations (billing two-phase quota)', () => {
  let world: World;
  let service: RunningService;
  let billing: BillingClient;
  const generator = new GatedGenerator();

  beforeAll(async () => {
    world = await startWorld('reservations', {}, { QUOTA_RESERVATION_TTL_SECONDS: String(TTL_MS / 1000) });
    service = await world.startPlanning({ generator });
    billing = billingClient(world.config);
  });

  afterAll(async () => {
    generator.release();
    billing.close();
    await world.stop();
  });

  afterEach(() => generator.release());

  async function analysedProduct() {
    const caller = world.caller();
    const product = await world.product(caller);
    world.analysis.answers.set(product.id, { userId: caller.userId, analysis: shopAnalysis({ productId: product.id }) });
    return { caller, product };
  }

  function generate(caller: Caller, productId: string) {
    return request(`http://127.0.0.1:${service.httpPort}`)
      .post(`/api/products/${productId}/generate-tracking-plan`)
      .set('Cookie', caller.cookie);
  }

  async function settled(caller: Caller, productId: string): Promise<TrackingPlan> {
    return eventually(async () => {
      const res = await request(`http://127.0.0.1:${service.httpPort}`)
        .get(`/api/products/${productId}/tracking-plans`)
        .set('Cookie', caller.cookie);
      expect(res.body[0]?.status).toBe('completed');
      return res.body[0] as TrackingPlan;
    });
  }

  it('should not let a reservation whose plan was never recorded block the next generation once it expires', async () => {
    const { caller, product } = await analysedProduct();
    // planning reserved for a plan and died before its transaction committed (kill -9 mid-generate).
    const held = await billing.reserveQuota({ userId: caller.userId, feature: 'tracking_plan', reference: randomUUID() });
    expect(held.granted).toBe(true);

    const blocked = await generate(caller, product.id);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('TRACKING_PLAN_RESTRICTED');

    await pastExpiry();
    const started = await generate(caller, product.id);
    expect(started.status).toBe(202);
    await settled(caller, product.id);
    expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
  });

  it('should confirm the reservation of a recorded plan, so a generation longer than the expiry still holds its unit', async () => {
    const { caller, product } = await analysedProduct();
    generator.hold();
    expect((await generate(caller, product.id)).status).toBe(202);
    await pastExpiry();
    expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
    const other = await world.product(caller, 'Second Shop');
    expect((await generate(caller, other.id)).status).toBe(403);
    generator.release();
    await settled(caller, product.id);
    expect(await world.trackingPlansGenerated(caller.userId)).toBe(1);
  });
});
