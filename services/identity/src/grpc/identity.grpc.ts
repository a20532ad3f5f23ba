/** identity.v1.IdentityService: who a user is, and whether a session is still live (asked by the gateway). */
import { errors, loadGrpcService, type GrpcServiceBinding } from '@tracklens/kit';
import { z } from 'zod';
import type { Identity } from '../domain/identity';

const getUserRequest = z.object({ user_id: z.string().uuid() });
const checkSessionRequest = z.object({ session_id: z.string(), user_id: z.string() });

export function identityGrpc(protoDir: string, identity: Identity): GrpcServiceBinding {
  return {
    service: loadGrpcService(protoDir, 'identity/v1/identity.proto', 'identity.v1.IdentityService'),
    implementation: {
      GetUser: async (request: unknown) => {
        const parsed = getUserRequest.safeParse(request);
        if (!parsed.success) throw errors.notFound('User not found');
        const user = await identity.findUser(parsed.data.user_id);
        return {
          user: {
            id: user.id,
            name: user.name,
            email: user.email,
            subscription_status: user.subscriptionStatus,
            videos_uploaded: user.videosUploaded,
            tracking_plans_generated: user.trackingPlansGenerated,
            created_at: user.createdAt,
          },
        };
      },
      CheckSession: async (request: unknown) => {
        const parsed = checkSessionRequest.safeParse(request);
        if (!parsed.success || !isUuid(parsed.data.session_id) || !isUuid(parsed.data.user_id)) return { active: false };
        return { active: await identity.isSessionActive(parsed.data.session_id, parsed.data.user_id) };
      },
    },
  };
}

function isUuid(value: string): boolean {
  return z.string().uuid().safeParse(value).success;
}
