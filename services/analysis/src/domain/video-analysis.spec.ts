import type { AnalysisResult, DetectedScreen, ScreenUnderstander, UserAction } from '../pipeline';
import type { AnalysisRecord, Run, RunStore } from './ports';
import { MAX_ACTION_IMAGES, VideoAnalysis } from './video-analysis';

const run: Run = {
  videoId: 'v1',
  productId: 'p1',
  userId: 'u1',
  storageKey: 'videos/v1.mp4',
  status: 'running',
  stage: null,
  progress: 0,
  error: null,
  attempts: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

function screen(
  overrides: Partial<DetectedScreen> & Pick<DetectedScreen, 'screenName' | 'order'>,
): DetectedScreen {
  return {
    description: `${overrides.screenName} screen.`,
    screenshotPath: `/work/keyframe-${overrides.order}.jpg`,
    elements: [],
    actions: [],
    firstSeenSec: 0,
    lastSeenSec: 1,
    visits: [{ startSec: 0, endSec: 1 }],
    ...overrides,
  };
}

/** Runs one analysis whose pipeline answers `result`; answers what was stored and what the run recorded. */
async function analyse(result: AnalysisResult) {
  const puts: Array<{ name: string; filePath: string }> = [];
  let record: AnalysisRecord | undefined;
  const runs = {
    startRun: async () => run,
    completeRun: async (_videoId: string, completed: AnalysisRecord) => {
      record = completed;
      return true;
    },
    recordProgress: async () => true,
  } as unknown as RunStore;
  const analysis = new VideoAnalysis({
    runs,
    videos: { localPath: async () => '/videos/v1.mp4' },
    screenshots: {
      putScreenshot: async (owner, name, filePath) => {
        puts.push({ name, filePath });
        return `users/${owner.userId}/products/${owner.productId}/screenshots/${owner.videoId}/${name}.jpg`;
      },
      delete: async () => undefined,
    },
    scratch: {
      open: async () => '/scratch',
      framesOf: () => '/scratch/frames',
      remove: async () => undefined,
    },
    analyze: async () => result,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const outcome = await analysis.run(
    'v1',
    { signal: new AbortController().signal, lastAttempt: true, fenced: (work) => work(runs) },
    {} as ScreenUnderstander,
  );
  expect(outcome).toBe('completed');
  if (!record) throw new Error('the run was not completed');
  return { puts, record };
}

const frameOf = (order: number, timeSec: number) => ({
  timeSec,
  imagePath: `/work/keyframe-${order}.jpg`,
  screenName: `Screen ${order}`,
  words: [],
  elements: [],
});

describe(VideoAnalysis.name, () => {
  it('should record every visit of a screen and the stored key frame of each action, storing no image twice', async () => {
    const click: UserAction = {
      kind: 'navigate',
      toScreen: 'Cart',
      atSec: 4,
      imagePath: '/work/keyframe-1.jpg',
    };
    const { puts, record } = await analyse({
      durationSec: 10,
      width: 1280,
      height: 720,
      screens: [
        screen({
          screenName: 'Home',
          order: 0,
          firstSeenSec: 0,
          lastSeenSec: 10,
          visits: [
            { startSec: 0, endSec: 4 },
            { startSec: 7, endSec: 10 },
          ],
          actions: [click, { kind: 'scroll', atSec: 2 }],
        }),
        screen({ screenName: 'Cart', order: 1, screenshotPath: '/work/keyframe-2.jpg' }),
      ],
      frames: [frameOf(0, 1), frameOf(1, 3.8), frameOf(2, 6)],
    });
    const folder = 'users/u1/products/p1/screenshots/v1';
    expect(puts.map((put) => put.filePath).sort()).toEqual([
      '/work/keyframe-0.jpg',
      '/work/keyframe-1.jpg',
      '/work/keyframe-2.jpg',
    ]);
    expect(record.specs[0]?.timeRanges).toEqual([
      { startSec: 0, endSec: 4 },
      { startSec: 7, endSec: 10 },
    ]);
    expect(record.specs[0]?.actions).toEqual([
      { kind: 'navigate', toScreen: 'Cart', atSec: 4, screenshotKey: `${folder}/frame-1.jpg` },
      { kind: 'scroll', atSec: 2, screenshotKey: null },
    ]);
  });

  it(`should store an action frame that is no key frame under the video's folder, at most ${MAX_ACTION_IMAGES} of them`, async () => {
    const actions: UserAction[] = Array.from({ length: MAX_ACTION_IMAGES + 5 }, (_, i) => ({
      kind: 'click',
      target: `Button ${i}`,
      atSec: i,
      imagePath: `/work/action-${i}.jpg`,
    }));
    const { puts, record } = await analyse({
      durationSec: 300,
      width: 1280,
      height: 720,
      screens: [screen({ screenName: 'Home', order: 0, actions })],
      frames: [frameOf(0, 1)],
    });
    expect(puts.filter((put) => put.name.startsWith('action-'))).toHaveLength(MAX_ACTION_IMAGES);
    const keys = record.specs[0]?.actions.map((action) => action.screenshotKey) ?? [];
    expect(keys[0]).toBe('users/u1/products/p1/screenshots/v1/action-1.jpg');
    expect(keys.filter((key) => key === null)).toHaveLength(5);
  });
});
