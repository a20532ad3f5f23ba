/** identity.v1.IdentityService for billing: who a user is (their email for checkout and receipts). */
import { z } from 'zod';
import { subscriptionStatusSchema, type User } from '../identity';
import { connect, type ClientConfig } from './connect';

const replySchema = z.object({
  user: z.object({
    id: z.string().min(1),
    name: z.string(),
    email: z.string(),
    subscription_status: subscriptionStatusSchema,
    videos_uploaded: z.number().int(),
    tracking_plans_generated: z.number().int(),
    created_at: z.string(),
  }),
});

export interface IdentityClient {
  /** The user; AppError 404 when identity knows no such user. */
  getUser(userId: string): Promise<User>;
  close(): void;
}

export function identityClient(config: ClientConfig): IdentityClient {
  const client = connect(config, 'identity');
  return {
    async getUser(userId) {
      const { user } = await client.call('GetUser', { user_id: userId }, replySchema);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        subscriptionStatus: user.subscription_status,
        videosUploaded: user.videos_uploaded,
        trackingPlansGenerated: user.tracking_plans_generated,
        createdAt: user.created_at,
      };
    },
    close: () => client.close(),
  };
}
