/** billing's events mirrored onto the user: subscriptionStatus, and this month's videosUploaded and trackingPlansGenerated. */
import type { EventSubscription } from '@tracklens/kit';
import { subjects, subscriptionChangedSchema, usageChangedSchema } from '@tracklens/contracts';
import { z } from 'zod';
import { IdentityRepository } from '../db/identity.repository';

type Warn = { warn(details: object, message: string): void };

const userId = z.string().uuid();
const occurredAt = z.string().datetime({ offset: true });

/** The handlers run on the inbox's transaction, so the mirror and the inbox row commit together. */
export function onBillingChanged(logger: Warn): EventSubscription[] {
  return [
    {
      subject: subjects.subscriptionChanged,
      name: 'on-subscription-changed',
      handler: async (envelope, tx) => {
        const data = subscriptionChangedSchema.extend({ userId }).safeParse(envelope.data);
        const at = occurredAt.safeParse(envelope.occurredAt);
        if (!data.success || !at.success) return skip(logger, envelope.id, subjects.subscriptionChanged);
        await new IdentityRepository(tx).mirrorSubscriptionStatus({
          userId: data.data.userId,
          status: data.data.status,
          at: new Date(at.data),
        });
      },
    },
    {
      subject: subjects.usageChanged,
      name: 'on-usage-changed',
      handler: async (envelope, tx) => {
        const data = usageChangedSchema.extend({ userId }).safeParse(envelope.data);
        const at = occurredAt.safeParse(envelope.occurredAt);
        if (!data.success || !at.success) return skip(logger, envelope.id, subjects.usageChanged);
        const { month, videosUploaded, trackingPlansGenerated } = data.data;
        await new IdentityRepository(tx).mirrorUsage({
          userId: data.data.userId,
          month,
          videosUploaded,
          trackingPlansGenerated,
          at: new Date(at.data),
        });
      },
    },
  ];
}

/** A malformed event cannot become valid by redelivery: log it and let it go. */
function skip(logger: Warn, eventId: string, subject: string): void {
  logger.warn({ eventId, subject }, 'malformed billing event skipped');
}
