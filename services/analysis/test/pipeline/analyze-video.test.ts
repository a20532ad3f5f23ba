import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  analyzeVideo,
  createOcrUnderstander,
  NO_VIDEO_STREAM,
  UNREADABLE_VIDEO,
  VideoAnalysisError,
  type AnalysisResult,
} from '../../src/pipeline';
import {
  makeAudioOnlyFile,
  makeCorruptFile,
  makeSyntheticVideo,
  SYNTHETIC_SCREENS,
} from '../fixtures/synthetic-video';

describe('analyzeVideo', () => {
  let dir: string;
  let video: string;
  let result: AnalysisResult;
  const progress: Array<{ percent: number; stage: string }> = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analysis-pipeline-'));
    video = path.join(dir, 'synthetic.mp4');
    await makeSyntheticVideo(video, SYNTHETIC_SCREENS);
    result = await analyzeVideo({
      videoPath: video,
      workDir: path.join(dir, 'work'),
      onProgress: (percent, stage) => progress.push({ percent, stage }),
    });
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should probe the duration and frame size', () => {
    expect(result.width).toBe(1280);
    expect(result.height).toBe(720);
    expect(result.durationSec).toBeGreaterThan(13);
    expect(result.durationSec).toBeLessThan(14);
  });

  it('should detect each screen once, in order of first appearance, named by what the page is or its heading', () => {
    expect(result.screens.map((screen) => screen.screenName)).toEqual(['Login', 'Product Catalog', 'Cart']);
    expect(result.screens.map((screen) => screen.order)).toEqual([0, 1, 2]);
  });

  it('should merge the revisited sign-in screen into its first spec', () => {
    const signIn = result.screens[0];
    expect(signIn?.visits).toHaveLength(2);
    expect(signIn?.firstSeenSec).toBeLessThan(1);
    expect(signIn?.lastSeenSec).toBeGreaterThan(13);
  });

  it('should read fields, buttons, typing, the submit and the navigation of the sign-in form', () => {
    const signIn = result.screens[0];
    expect(signIn?.elements).toEqual(
      expect.arrayContaining([
        { kind: 'heading', label: 'Welcome Back' },
        { kind: 'input', label: 'Email' },
        { kind: 'input', label: 'Password' },
        { kind: 'button', label: 'Sign In' },
        { kind: 'link', label: 'Pricing' },
      ]),
    );
    expect(signIn?.actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'type', target: 'Email' }),
        expect.objectContaining({ kind: 'submit', target: 'Sign In', toScreen: 'Product Catalog' }),
        expect.objectContaining({ kind: 'navigate', toScreen: 'Product Catalog' }),
      ]),
    );
    expect(signIn?.description).toBe(
      'Login form titled “Welcome Back” (“Sign in to manage your orders and saved items.”) with Email and Password fields and a Sign In button.',
    );
  });

  it('should keep a scrolled page as one screen with a scroll action', () => {
    const catalog = result.screens[1];
    expect(catalog?.visits).toHaveLength(1);
    expect(catalog?.actions.map((action) => action.kind)).toEqual(expect.arrayContaining(['scroll', 'navigate']));
    expect(catalog?.elements).toEqual(expect.arrayContaining([{ kind: 'button', label: 'Add to Cart' }]));
  });

  it('should keep every understood key frame as a full-resolution JPEG, the screenshots among them', () => {
    const files = fs.readdirSync(path.join(dir, 'work')).map((file) => path.join(dir, 'work', file));
    const frames = result.frames ?? [];
    expect(frames.length).toBeGreaterThanOrEqual(result.screens.length);
    expect(new Set(files)).toEqual(new Set(frames.map((frame) => frame.imagePath)));
    for (const file of files) expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    for (const screen of result.screens) expect(files).toContain(screen.screenshotPath);
  });

  it('should list each key frame with its time, the screen it belongs to, its words and elements', () => {
    const frames = result.frames ?? [];
    const names = new Set(result.screens.map((screen) => screen.screenName));
    frames.forEach((frame, i) => {
      expect(names.has(frame.screenName)).toBe(true);
      expect(frame.timeSec).toBeGreaterThan(i > 0 ? (frames[i - 1]?.timeSec ?? 0) : -1);
    });
    expect(frames.map((frame) => frame.screenName)).toEqual(expect.arrayContaining(['Login', 'Product Catalog', 'Cart']));
    const cart = frames.find((frame) => frame.screenName === 'Cart');
    expect(cart?.timeSec).toBeGreaterThan(8);
    expect(cart?.timeSec).toBeLessThan(11);
    expect(cart?.words).toEqual(expect.arrayContaining(['shopping', 'cart', 'checkout']));
    expect(cart?.elements).toEqual(expect.arrayContaining([{ kind: 'heading', label: 'Shopping Cart' }]));
    const login = frames.filter((frame) => frame.screenName === 'Login');
    expect(login.length).toBeGreaterThanOrEqual(2);
    expect(login[login.length - 1]?.timeSec).toBeGreaterThan(11);
  });

  it('should report progress that never goes back, from 0 to 100', () => {
    const percents = progress.map((entry) => entry.percent);
    expect(percents[0]).toBe(0);
    expect(percents[percents.length - 1]).toBe(100);
    progress.slice(1).forEach((entry, i) => {
      const before = progress[i];
      // A percent repeats only to announce a new stage.
      if (entry.stage === before?.stage) expect(entry.percent).toBeGreaterThan(before.percent);
      else expect(entry.percent).toBeGreaterThanOrEqual(before?.percent ?? -1);
    });
    expect(new Set(progress.map((entry) => entry.stage))).toEqual(
      new Set(['probe', 'keyframes', 'understanding', 'page specs', 'done']),
    );
  });

  it('should read a video the same way whatever the number of workers', async () => {
    // Which earlier frame a frame is read against is decided from pixels, never from which reading finished first.
    const alone = createOcrUnderstander({ workers: 1 });
    try {
      const again = await analyzeVideo({ videoPath: video, workDir: path.join(dir, 'one-worker'), understand: alone });
      expect(again.frames?.map((frame) => frame.words)).toEqual(result.frames?.map((frame) => frame.words));
    } finally {
      await alone.close?.();
    }
  });

  it('should share the picture and the reading of a screen revisited just as it was', async () => {
    const cart = SYNTHETIC_SCREENS[2];
    if (!cart) throw new Error('the fixture has a cart screen');
    const revisits = path.join(dir, 'revisits.mp4');
    const pricing = { heading: 'Pricing Plans', subtitle: 'Pick the plan that fits your team.', buttons: ['Start Trial'], seconds: 2.5 };
    await makeSyntheticVideo(revisits, [cart, pricing, cart]);
    const work = path.join(dir, 'revisits-work');
    const again = await analyzeVideo({ videoPath: revisits, workDir: work });

    const frames = again.frames ?? [];
    const first = frames[0];
    const last = frames[frames.length - 1];
    expect(frames.map((frame) => frame.screenName)).toEqual(['Cart', 'Pricing', 'Cart']);
    expect(last?.imagePath).toBe(first?.imagePath);
    expect(last?.words).toEqual(first?.words);
    expect(last?.timeSec).toBeGreaterThan(5);
    expect(fs.readdirSync(work)).toHaveLength(2);
  });

  it('should refuse a corrupt file with a readable reason', async () => {
    const corrupt = path.join(dir, 'corrupt.mp4');
    makeCorruptFile(corrupt);
    const attempt = analyzeVideo({ videoPath: corrupt, workDir: path.join(dir, 'corrupt-work') });
    await expect(attempt).rejects.toBeInstanceOf(VideoAnalysisError);
    await expect(attempt).rejects.toThrow(UNREADABLE_VIDEO);
  });

  it('should refuse an audio-only file with "The file has no video stream"', async () => {
    const audio = path.join(dir, 'audio.m4a');
    await makeAudioOnlyFile(audio);
    const attempt = analyzeVideo({ videoPath: audio, workDir: path.join(dir, 'audio-work') });
    await expect(attempt).rejects.toThrow(new VideoAnalysisError(NO_VIDEO_STREAM));
  });

  it('should stop working as soon as the signal aborts: no progress after it', async () => {
    const controller = new AbortController();
    const after: number[] = [];
    let aborted = false;
    const attempt = analyzeVideo({
      videoPath: video,
      workDir: path.join(dir, 'aborted-work'),
      signal: controller.signal,
      onProgress: (percent, stage) => {
        if (aborted) after.push(percent);
        else if (stage === 'keyframes' && percent > 5) {
          aborted = true;
          controller.abort();
        }
      },
    });
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(after).toEqual([]);
  });
});
