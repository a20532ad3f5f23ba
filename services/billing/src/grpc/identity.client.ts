/** identity over gRPC: a user's email for checkout and payment verification. */
import type { GrpcClient } from '@tracklens/kit';
import type { UserDirectory } from '../domain/billing';

interface GetUserResponse {
  user?: { email?: string };
}

/** A user identity cannot answer for right now has no known email; payments go on without it. */
export function identityDirectory(
  client: GrpcClient,
  logger: { warn(details: object, message: string): void },
): UserDirectory {
  return {
    emailOf: async (userId) => {
      try {
        const answer = await client.call<GetUserResponse>('GetUser', { user_id: userId });
        return answer.user?.email || null;
      } catch (error) {
        logger.warn({ err: error, userId }, 'identity GetUser failed; continuing without the email');
        return null;
      }
    },
  };
}
