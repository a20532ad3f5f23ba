export { createChatService } from './service';
