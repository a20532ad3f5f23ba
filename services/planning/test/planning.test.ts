import type { RunningService } from '@tracklens/kit';
import { expectStandardServiceSurface, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createPlanningService } from '../src/service';

describe('planning service', () => {
  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    const bus = await testBus('planning');
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('planning') });
    const service: RunningService = await createPlanningService({ config, bus, inMemoryDatabase: true });
    try {
      await expectStandardServiceSurface(service);
    } finally {
      await service.stop();
      await bus.close();
    }
  });
});
