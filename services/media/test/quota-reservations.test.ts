/** Video upload reservations with billing's expiry: a crash between reserving and recording holds no unit for long. */
import { billingClient, type BillingClient } from '@tracklens/contracts/clients';
import {
  askUpload,
  callerFor,
  createProduct,
  putBytes,
  register,
  startCluster,
  uploadAndRegister,
  videos,
  type Cluster,
  type UploadTargetBody,
} from './harness';

/** Reservations expire after 1 s here, and billing looks for expired ones every 500 ms. */
const TTL_MS = 1000;

describe('media video upload reservations (billing two-phase quota)', () => {
  let cluster: Cluster;
  let billing: BillingClient;

  beforeAll(async () => {
    cluster = await startCluster({ QUOTA_RESERVATION_TTL_SECONDS: String(TTL_MS / 1000) });
    billing = billingClient(cluster.config);
  });

  afterAll(async () => {
    billing.close();
    await cluster.stop();
  });

  async function storedUpload(caller: ReturnType<typeof callerFor>, productId: string, file: string) {
    const asked = await askUpload(cluster, caller, productId, file);
    expect(asked.status).toBe(201);
    const target = asked.body as UploadTargetBody;
    expect((await putBytes(cluster, target, file)).status).toBe(200);
    return target;
  }

  const pastExpiry = () => new Promise((resolve) => setTimeout(resolve, TTL_MS + 1200));

  it('should not let a reservation whose video was never recorded block the next upload once it expires', async () => {
    const caller = callerFor(cluster.config);
    const productId = await createProduct(cluster, caller);
    const file = await videos.mp4();
    // media reserved for this upload and died before recording the video (kill -9 mid-registration).
    const orphan = await storedUpload(caller, productId, file);
    const held = await billing.reserveQuota({
      userId: caller.userId,
      feature: 'video_upload',
      videoDurationSec: 3,
      reference: orphan.storageKey,
    });
    expect(held.granted).toBe(true);

    const next = await storedUpload(caller, productId, file);
    const blocked = await register(cluster, caller, productId, next.storageKey, file);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('UPLOAD_RESTRICTED');

    await pastExpiry();
    expect((await billing.getEntitlements(caller.userId)).usage.videosUploaded).toBe(0);
    const again = await storedUpload(caller, productId, file);
    const registered = await register(cluster, caller, productId, again.storageKey, file);
    expect(registered.status).toBe(201);
    expect((await billing.getEntitlements(caller.userId)).usage.videosUploaded).toBe(1);

    // Registering the orphan upload now would need a second unit of the month: refused.
    const late = await register(cluster, caller, productId, orphan.storageKey, file);
    expect(late.status).toBe(403);
  });

  it('should confirm the reservation of a recorded video, so it is still counted after the expiry', async () => {
    const caller = callerFor(cluster.config);
    const productId = await createProduct(cluster, caller);
    const { registered } = await uploadAndRegister(cluster, caller, productId, await videos.mp4());
    expect(registered.status).toBe(201);
    await pastExpiry();
    const entitlements = await billing.getEntitlements(caller.userId);
    expect(entitlements.usage.videosUploaded).toBe(1);
    expect(entitlements.remaining.videos).toBe(0);
  });
});
