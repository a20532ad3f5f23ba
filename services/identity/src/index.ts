export { createIdentityService } from './service';
