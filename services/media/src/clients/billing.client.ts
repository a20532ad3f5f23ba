/** VideoQuota over billing.v1.BillingService (ReserveQuota / ReleaseQuota). */
import { createGrpcClient, loadGrpcService, type Config } from '@tracklens/kit';
import { quotaDenialOf, type ReserveQuotaReply } from '@tracklens/contracts';
import type { Reservation, VideoQuota } from '../domain/ports';

export function billingQuota(config: Config): VideoQuota & { close(): void } {
  const client = createGrpcClient(
    loadGrpcService(config.protoDir, 'billing/v1/billing.proto', 'billing.v1.BillingService'),
    config.services.billing.grpcUrl,
    { deadlineMs: config.grpcDeadlineMs },
  );
  return {
    reserveVideoUpload: async ({ userId, durationSec, reference }): Promise<Reservation> => {
      const reply = await client.call<ReserveQuotaReply>('ReserveQuota', {
        user_id: userId,
        feature: 'video_upload',
        amount: 1,
        video_duration_sec: durationSec,
        reference,
      });
      const denial = quotaDenialOf(reply, 'video_upload');
      return denial ? { granted: false, denial } : { granted: true, reservationId: reply.reservation_id };
    },
    release: async (reservationId) => {
      await client.call('ReleaseQuota', { reservation_id: reservationId });
    },
    close: () => client.close(),
  };
}
