import { autoOpenVideo, videoAwaitingReview } from './review-rules';

describe(videoAwaitingReview.name, () => {
  it('should pick the newest video at page_specs_ready', () => {
    expect(
      videoAwaitingReview([
        { id: 'v3', analysisStatus: 'processing' },
        { id: 'v2', analysisStatus: 'page_specs_ready' },
        { id: 'v1', analysisStatus: 'page_specs_ready' },
      ]),
    ).toBe('v2');
    expect(videoAwaitingReview([{ id: 'v1', analysisStatus: 'completed' }])).toBeNull();
    expect(videoAwaitingReview(undefined)).toBeNull();
  });
});

describe(autoOpenVideo.name, () => {
  const ready = { productStatus: 'page_specs_ready' as const, videoId: 'v1', dismissed: false, finalizing: false };

  it('should open for the video when the product and a video are at page_specs_ready', () => {
    expect(autoOpenVideo(ready)).toBe('v1');
  });

  it('should not open for another product status, without such a video, once dismissed, or right after finalizing', () => {
    expect(autoOpenVideo({ ...ready, productStatus: 'processing' })).toBeNull();
    expect(autoOpenVideo({ ...ready, productStatus: 'completed' })).toBeNull();
    expect(autoOpenVideo({ ...ready, videoId: null })).toBeNull();
    expect(autoOpenVideo({ ...ready, dismissed: true })).toBeNull();
    expect(autoOpenVideo({ ...ready, finalizing: true })).toBeNull();
  });
});
