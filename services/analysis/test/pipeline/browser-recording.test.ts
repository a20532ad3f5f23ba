import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeVideo } from '../../src/pipeline';
import { recordSession } from '../fixtures/recorder';
import { tinySession } from '../fixtures/sites/tiny.site';

describe('analyzeVideo on a Chromium screen recording', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analysis-browser-'));
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should find the sign-in and projects screens with the cursor moving and an email typed', async () => {
    const recording = await recordSession(tinySession, dir);
    expect(recording.truth.map((screen) => screen.name)).toEqual(['Sign In', 'Projects']);

    const result = await analyzeVideo({ videoPath: recording.mp4, workDir: path.join(dir, 'work') });

    expect(result.screens.map((screen) => screen.screenName)).toEqual(['Login', 'Projects']);
    const [signIn, projects] = result.screens;
    const switchAt = recording.truth[1]?.startSec ?? 0;
    expect(Math.abs((signIn?.lastSeenSec ?? 0) - switchAt)).toBeLessThan(0.6);
    expect(Math.abs((projects?.firstSeenSec ?? 0) - switchAt)).toBeLessThan(0.6);
    expect(signIn?.elements).toEqual(
      expect.arrayContaining([{ kind: 'input', label: 'Email' }, { kind: 'button', label: 'Sign In' }]),
    );
    expect(signIn?.actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'type', target: 'Email' }),
        expect.objectContaining({ kind: 'navigate', toScreen: 'Projects' }),
      ]),
    );
  });
});
