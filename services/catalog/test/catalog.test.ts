import type { RunningService } from '@tracklens/kit';
import { expectStandardServiceSurface, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createCatalogService } from '../src/service';

describe('catalog service', () => {
  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    const bus = await testBus('catalog');
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('catalog') });
    const service: RunningService = await createCatalogService({ config, bus, inMemoryDatabase: true });
    try {
      await expectStandardServiceSurface(service);
    } finally {
      await service.stop();
      await bus.close();
    }
  });
});
