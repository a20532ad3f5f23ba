/** The built-in generator used when no model is configured. */
import { offlinePlan } from '../domain/offline-generator';
import type { PlanGenerator } from '../domain/ports';

export const offlineGenerator: PlanGenerator = {
  kind: 'offline',
  async generate(analysis, { productType }) {
    return offlinePlan(analysis, productType);
  },
};
