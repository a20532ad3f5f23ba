export { createPlanningService } from './service';
export { generateOfflinePlan } from './domain/offline-generator';
export { largeAnalysis } from './testing/analysis.factory';
