/** identity.user.registered → the user's subscription row (Free), with the email checkout and verify-payment show. */
import { handleValid, type EventSubscription, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, subjects, userRegisteredSchema } from '@tracklens/contracts';
import { z } from 'zod';
import { BillingRepository } from '../db/billing.repository';
import { recordRegisteredUser } from '../domain/billing';

const registeredEnvelope = eventEnvelopeSchema(userRegisteredSchema.extend({ userId: z.string().uuid() }));

export function onUserRegistered(logger: Pick<Logger, 'warn'>): EventSubscription {
  return {
    subject: subjects.userRegistered,
    name: 'on-user-registered',
    // The inbox row and this effect commit together, so the store runs on the handler's transaction.
    handler: handleValid(registeredEnvelope, logger, async ({ data }, tx) => {
      await recordRegisteredUser(new BillingRepository(tx), data);
    }),
  };
}
