/** billing.v1.BillingService as planning's quota gate for the tracking_plan feature. */
import type { GrpcClient } from '@tracklens/kit';
import { quotaDenialOf, type ReserveQuotaReply } from '@tracklens/contracts';
import type { QuotaGate } from '../domain/ports';

export function quotaGate(billing: GrpcClient): QuotaGate {
  return {
    async reserve(userId, reference) {
      const reply = await billing.call<ReserveQuotaReply>('ReserveQuota', {
        user_id: userId,
        feature: 'tracking_plan',
        amount: 1,
        reference,
      });
      const denial = quotaDenialOf(reply, 'tracking_plan');
      if (denial) return { granted: false, denial };
      return { granted: true, reservationId: reply.reservation_id };
    },
    async release(reservationId) {
      await billing.call('ReleaseQuota', { reservation_id: reservationId });
    },
  };
}
