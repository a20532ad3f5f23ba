/** planning.v1.PlanningService: a product's newest completed tracking plan, for chat. */
import { errors, loadGrpcService, type GrpcServiceBinding } from '@tracklens/kit';
import { latestTrackingPlanReply } from '@tracklens/contracts/clients';
import { z } from 'zod';
import { PLAN_NOT_FOUND, type Planning } from '../domain/planning';

// Ids are uuids in planning's tables: anything else names no plan.
const request = z.object({ product_id: z.string().uuid(), user_id: z.string().uuid() });

export function planningGrpc(protoDir: string, planning: Planning): GrpcServiceBinding {
  return {
    service: loadGrpcService(protoDir, 'planning/v1/planning.proto', 'planning.v1.PlanningService'),
    implementation: {
      GetLatestTrackingPlan: async (input: unknown) => {
        const parsed = request.safeParse(input);
        if (!parsed.success) throw errors.notFound(PLAN_NOT_FOUND);
        const { user_id: userId, product_id: productId } = parsed.data;
        return latestTrackingPlanReply(await planning.latestCompletedPlan(userId, productId));
      },
    },
  };
}
