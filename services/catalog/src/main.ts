import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { createCatalogService } from './service';

runStandalone('catalog', () => createCatalogService({ config: loadConfigOrExit() }));
