import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { createChatService } from './service';

runStandalone('chat', () => createChatService({ config: loadConfigOrExit() }));
