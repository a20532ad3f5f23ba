export { createCatalogService } from './service';
