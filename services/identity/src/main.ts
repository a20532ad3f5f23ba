import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { createIdentityService } from './service';

runStandalone('identity', () => createIdentityService({ config: loadConfigOrExit() }));
