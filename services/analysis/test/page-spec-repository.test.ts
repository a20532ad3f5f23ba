import { openDatabase, type DatabaseHandle } from '@tracklens/kit';
import { freshDatabaseUrl } from '@tracklens/kit/testing';
import { PageSpecRepository } from '../src/db/page-spec.repository';
import { frames, pageSpecs, runs } from '../src/db/schema';
import { migrationsFolder } from '../src/service';

describe(PageSpecRepository.name, () => {
  let handle: DatabaseHandle;
  let repository: PageSpecRepository;
  const prefix = 'users/u1/products/p1/screenshots/v1';

  beforeAll(async () => {
    handle = await openDatabase({ url: await freshDatabaseUrl('analysis_specs'), migrationsFolder });
    repository = new PageSpecRepository(handle.db);
  });

  afterAll(async () => {
    await handle.close();
  });

  beforeEach(async () => {
    await handle.clearTables();
    await handle.db
      .insert(runs)
      .values({
        videoId: 'v1',
        productId: 'p1',
        userId: 'u1',
        storageKey: 'videos/v1.mp4',
        status: 'page_specs_ready',
      });
  });

  const spec = {
    videoId: 'v1',
    productId: 'p1',
    userId: 'u1',
    description: 'A screen.',
    elements: [],
    firstSeenSec: 2,
    lastSeenSec: 9.5,
  };

  it('should read a spec stored before visits were kept as one visit from first to last seen', async () => {
    await handle.db.insert(pageSpecs).values([
      {
        ...spec,
        id: '00000000-0000-4000-8000-000000000001',
        screenName: 'Old',
        screenshotKey: null,
        actions: [],
        order: 0,
      },
      {
        ...spec,
        id: '00000000-0000-4000-8000-000000000002',
        screenName: 'New',
        screenshotKey: null,
        actions: [],
        order: 1,
        timeRanges: [
          { startSec: 2, endSec: 4 },
          { startSec: 8, endSec: 9.5 },
        ],
      },
    ]);
    const specs = await repository.listSpecs('v1');
    expect(specs.map((found) => [found.screenName, found.timeRanges])).toEqual([
      ['Old', [{ startSec: 2, endSec: 9.5 }]],
      [
        'New',
        [
          { startSec: 2, endSec: 4 },
          { startSec: 8, endSec: 9.5 },
        ],
      ],
    ]);
  });

  it("should answer the keys of a deleted video's screenshots, its actions' frames included, once each", async () => {
    await handle.db.insert(pageSpecs).values({
      ...spec,
      id: '00000000-0000-4000-8000-000000000003',
      screenName: 'Cart',
      screenshotKey: `${prefix}/0.jpg`,
      order: 0,
      actions: [
        { kind: 'click', target: 'Checkout', atSec: 3, screenshotKey: `${prefix}/action-1.jpg` },
        { kind: 'navigate', toScreen: 'Checkout', atSec: 4, screenshotKey: `${prefix}/frame-1.jpg` },
        { kind: 'scroll', atSec: 5, screenshotKey: null },
        { kind: 'type', target: 'Coupon', atSec: 6 },
      ],
    });
    await handle.db.insert(frames).values([
      {
        videoId: 'v1',
        position: 0,
        timeSec: 1,
        screenshotKey: `${prefix}/0.jpg`,
        screenName: 'Cart',
        words: [],
        elements: [],
      },
      {
        videoId: 'v1',
        position: 1,
        timeSec: 3.9,
        screenshotKey: `${prefix}/frame-1.jpg`,
        screenName: 'Cart',
        words: [],
        elements: [],
      },
    ]);
    const keys = await repository.deleteVideo('v1', 'u1');
    expect([...keys].sort()).toEqual([`${prefix}/0.jpg`, `${prefix}/action-1.jpg`, `${prefix}/frame-1.jpg`]);
    expect(await repository.listSpecs('v1')).toEqual([]);
  });
});
