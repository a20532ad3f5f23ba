/** billing's events mirrored onto the user: subscriptionStatus, and this month's videosUploaded and trackingPlansGenerated. */
import { handleValid, type EventSubscription, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, subjects, subscriptionChangedSchema, usageChangedSchema } from '@tracklens/contracts';
import { z } from 'zod';
import { IdentityRepository } from '../db/identity.repository';
import type { Identity } from '../domain/identity';

const userId = z.string().uuid();
const subscriptionEnvelope = eventEnvelopeSchema(subscriptionChangedSchema.extend({ userId }));
const usageEnvelope = eventEnvelopeSchema(usageChangedSchema.extend({ userId }));

/**
 * The handlers run on the inbox's transaction, so the mirror and the inbox row commit together. The user is
 * forgotten from identity's cache once the mirror is written; a read racing the commit is remembered for at
 * most the cache time.
 */
export function onBillingChanged(logger: Pick<Logger, 'warn'>, identity: Pick<Identity, 'forgetUser'>): EventSubscription[] {
  return [
    {
      subject: subjects.subscriptionChanged,
      name: 'on-subscription-changed',
      handler: handleValid(subscriptionEnvelope, logger, async ({ data, occurredAt }, tx) => {
        await new IdentityRepository(tx).mirrorSubscriptionStatus({
          userId: data.userId,
          status: data.status,
          at: new Date(occurredAt),
        });
        identity.forgetUser(data.userId);
      }),
    },
    {
      subject: subjects.usageChanged,
      name: 'on-usage-changed',
      handler: handleValid(usageEnvelope, logger, async ({ data, occurredAt }, tx) => {
        const { month, videosUploaded, trackingPlansGenerated } = data;
        await new IdentityRepository(tx).mirrorUsage({
          userId: data.userId,
          month,
          videosUploaded,
          trackingPlansGenerated,
          at: new Date(occurredAt),
        });
        identity.forgetUser(data.userId);
      }),
    },
  ];
}
