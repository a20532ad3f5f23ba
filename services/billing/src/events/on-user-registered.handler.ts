/** identity.user.registered → the user's subscription row (Free), with the email checkout and verify-payment show. */
import type { EventSubscription } from '@tracklens/kit';
import { subjects, userRegisteredSchema } from '@tracklens/contracts';
import { z } from 'zod';
import { BillingRepository } from '../db/billing.repository';
import { recordRegisteredUser } from '../domain/billing';

export function onUserRegistered(logger: {
  warn(details: object, message: string): void;
}): EventSubscription {
  return {
    subject: subjects.userRegistered,
    name: 'on-user-registered',
    handler: async (envelope, tx) => {
      const data = userRegisteredSchema.extend({ userId: z.string().uuid() }).safeParse(envelope.data);
      if (!data.success) {
        logger.warn(
          { eventId: envelope.id, subject: subjects.userRegistered },
          'malformed identity.user.registered skipped',
        );
        return;
      }
      // The inbox row and this effect commit together, so the store runs on the handler's transaction.
      await recordRegisteredUser(new BillingRepository(tx), data.data);
    },
  };
}
