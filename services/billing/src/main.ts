import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { createBillingService } from './service';

runStandalone('billing', () => createBillingService({ config: loadConfigOrExit() }));
