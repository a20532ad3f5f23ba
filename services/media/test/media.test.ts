import type { RunningService } from '@tracklens/kit';
import { expectStandardServiceSurface, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createMediaService } from '../src/service';

describe('media service', () => {
  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    const bus = await testBus('media');
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('media') });
    const service: RunningService = await createMediaService({ config, bus, inMemoryDatabase: true });
    try {
      await expectStandardServiceSurface(service);
    } finally {
      await service.stop();
      await bus.close();
    }
  });
});
