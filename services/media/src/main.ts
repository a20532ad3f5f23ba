import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { createMediaService } from './service';

runStandalone('media', () => createMediaService({ config: loadConfigOrExit() }));
