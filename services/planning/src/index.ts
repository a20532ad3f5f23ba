export { createPlanningService } from './service';
