export { createAnalysisService } from './service';
