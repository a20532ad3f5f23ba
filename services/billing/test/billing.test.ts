import type { RunningService } from '@tracklens/kit';
import { expectStandardServiceSurface, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { createBillingService } from '../src/service';

describe('billing service', () => {
  it('should start on its own database and bus and answer health, readiness, metrics and gRPC health', async () => {
    const bus = await testBus('billing');
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('billing') });
    const service: RunningService = await createBillingService({ config, bus, inMemoryDatabase: true });
    try {
      await expectStandardServiceSurface(service);
    } finally {
      await service.stop();
      await bus.close();
    }
  });
});
