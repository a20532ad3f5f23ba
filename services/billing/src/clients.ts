/** The typed clients of other services as billing's domain ports. */
import type { IdentityClient } from '@tracklens/contracts/clients';
import type { UserDirectory } from './domain/billing';

/** A user identity cannot answer for right now has no known email; payments go on without it. */
export function userDirectory(
  identity: IdentityClient,
  logger: { warn(details: object, message: string): void },
): UserDirectory {
  return {
    emailOf: async (userId) => {
      try {
        return (await identity.getUser(userId)).email || null;
      } catch (error) {
        logger.warn({ err: error, userId }, 'identity GetUser failed; continuing without the email');
        return null;
      }
    },
  };
}
