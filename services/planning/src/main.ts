import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { createPlanningService } from './service';

runStandalone('planning', () => createPlanningService({ config: loadConfigOrExit() }));
