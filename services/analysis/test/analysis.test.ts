import type { RunningService } from '@tracklens/kit';
import { expectStandardServiceSurface, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createAnalysisService } from '../src/service';

describe('analysis service', () => {
  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    const bus = await testBus('analysis');
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('analysis') });
    const service: RunningService = await createAnalysisService({ config, bus, inMemoryDatabase: true });
    try {
      await expectStandardServiceSurface(service);
    } finally {
      await service.stop();
      await bus.close();
    }
  });
});
