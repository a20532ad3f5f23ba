export { createBillingService } from './service';
