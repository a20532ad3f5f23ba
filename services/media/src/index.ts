export { createMediaService } from './service';
