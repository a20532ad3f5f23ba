import { aUser } from '../../test/factories';
import { MAX_VIDEO_BYTES, checkVideo, videoFileProblem, type PlanCheckDependencies } from './video-checks';

const file = (name: string, type: string, size = 1024) => fakeFile(name, type, size);

/** A File whose size is what the test says (no need to allocate 500MB). */
function fakeFile(name: string, type: string, size: number): File {
  const made = new File([], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

function deps(overrides: Partial<PlanCheckDependencies> = {}): PlanCheckDependencies & {
  calls: string[];
} {
  const calls: string[] = [];
  return {
    calls,
    user: aUser(),
    fetchUser: async () => {
      calls.push('fetchUser');
      return aUser();
    },
    readDuration: async () => {
      calls.push('readDuration');
      return 120;
    },
    ...overrides,
  };
}

describe(videoFileProblem.name, () => {
  it('should accept the video types and extensions of product-spec §5', () => {
    expect(videoFileProblem(file('demo.mp4', 'video/mp4'))).toBeNull();
    expect(videoFileProblem(file('demo.mov', 'video/quicktime'))).toBeNull();
    expect(videoFileProblem(file('demo.wmv', 'video/x-ms-wmv'))).toBeNull();
    expect(videoFileProblem(file('demo.avi', 'video/x-msvideo', MAX_VIDEO_BYTES))).toBeNull();
  });

  it('should refuse, in order, no file, a non-video, a file over 500MB and an unknown video format', () => {
    expect(videoFileProblem(null)).toEqual({
      title: 'No file selected',
      description: 'Please select a video file',
    });
    expect(videoFileProblem(file('big.txt', 'text/plain', MAX_VIDEO_BYTES + 1))).toEqual({
      title: 'Invalid file type',
      description: 'Please select a video file',
    });
    expect(videoFileProblem(file('big.mkv', 'video/x-matroska', MAX_VIDEO_BYTES + 1))).toEqual({
      title: 'File too large',
      description: 'Please select a video file smaller than 500MB',
    });
    expect(videoFileProblem(file('demo.mkv', 'video/x-matroska'))).toEqual({
      title: 'Invalid file type',
      description: 'Please upload a video file (MP4, WebM, MOV, AVI, WMV)',
    });
  });
});

describe(checkVideo.name, () => {
  const video = file('demo.mp4', 'video/mp4');

  it('should pass a short first video of a free user after reading the fresh user and the duration', async () => {
    const d = deps();
    await expect(checkVideo(video, d)).resolves.toEqual({ kind: 'ok' });
    expect(d.calls).toEqual(['fetchUser', 'readDuration']);
  });

  it('should stop at the file checks before asking the server anything', async () => {
    const d = deps();
    await expect(checkVideo(file('notes.txt', 'text/plain'), d)).resolves.toMatchObject({
      kind: 'problem',
      problem: { title: 'Invalid file type' },
    });
    await expect(checkVideo(null, d)).resolves.toMatchObject({ problem: { title: 'No file selected' } });
    expect(d.calls).toEqual([]);
  });

  it("should let Pro users skip checks 5 and 6", async () => {
    const d = deps({ user: aUser({ subscriptionStatus: 'active', videosUploaded: 9 }) });
    await expect(checkVideo(video, d)).resolves.toEqual({ kind: 'ok' });
    expect(d.calls).toEqual([]);
  });

  it('should ask for the upgrade (monthly limit) when the fresh user has uploaded a video, without reading the duration', async () => {
    const d = deps({
      fetchUser: async () => {
        d.calls.push('fetchUser');
        return aUser({ videosUploaded: 1 });
      },
    });
    await expect(checkVideo(video, d)).resolves.toEqual({
      kind: 'upgrade',
      reason: { code: 'UPLOAD_RESTRICTED' },
    });
    expect(d.calls).toEqual(['fetchUser']);
  });

  it('should use the cached count when the user cannot be fetched', async () => {
    const failing = deps({
      user: aUser({ videosUploaded: 1 }),
      fetchUser: () => Promise.reject(new Error('offline')),
    });
    await expect(checkVideo(video, failing)).resolves.toMatchObject({ kind: 'upgrade' });
    const empty = deps({ user: aUser({ videosUploaded: 0 }), fetchUser: async () => null });
    await expect(checkVideo(video, empty)).resolves.toEqual({ kind: 'ok' });
  });

  it('should skip the limits when the fresh user turns out to be Pro', async () => {
    const d = deps({
      user: aUser({ videosUploaded: 1 }),
      fetchUser: async () => aUser({ subscriptionStatus: 'active', videosUploaded: 1 }),
    });
    await expect(checkVideo(video, d)).resolves.toEqual({ kind: 'ok' });
  });

  it('should ask for the upgrade with the duration for a video over 300 s, and allow exactly 300 s', async () => {
    await expect(checkVideo(video, deps({ readDuration: async () => 361.2 }))).resolves.toEqual({
      kind: 'upgrade',
      reason: { code: 'UPLOAD_RESTRICTED', videoDuration: 361.2, videoDurationMinutes: 7 },
    });
    await expect(checkVideo(video, deps({ readDuration: async () => 300 }))).resolves.toEqual({ kind: 'ok' });
  });

  it("should say 'Could not analyze video' when the duration cannot be read", async () => {
    await expect(checkVideo(video, deps({ readDuration: async () => null }))).resolves.toEqual({
      kind: 'problem',
      problem: { title: 'Could not analyze video', description: 'Please try selecting the video again' },
    });
  });
});
