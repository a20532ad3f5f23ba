import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { createAnalysisService } from './service';

runStandalone('analysis', () => createAnalysisService({ config: loadConfigOrExit() }));
