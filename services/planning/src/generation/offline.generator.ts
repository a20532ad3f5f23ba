/** The built-in generator used when no model is configured. */
import { generateOfflinePlan } from '../domain/offline-generator';
import type { PlanGenerator } from '../domain/ports';

export const offlineGenerator: PlanGenerator = {
  kind: 'offline',
  async generate(analysis) {
    return generateOfflinePlan(analysis);
  },
};
