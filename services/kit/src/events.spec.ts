import { redeliveryDelayMs, streamOf, subjectMatches } from './events';

describe('event subjects', () => {
  it.each([
    ['media.video.uploaded', 'media.video.uploaded', true],
    ['media.video.*', 'media.video.uploaded', true],
    ['media.>', 'media.video.uploaded', true],
    ['media.*', 'media.video.uploaded', false],
    ['media.video.uploaded', 'media.video', false],
    ['analysis.>', 'media.video.uploaded', false],
  ])('should match filter %s against %s: %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });

  it('should name the stream after the producing service', () => {
    expect(streamOf('media.video.uploaded')).toBe('MEDIA');
    expect(() => streamOf('.bad')).toThrow();
  });

  it('should back off exponentially up to 30 s', () => {
    expect([1, 2, 3, 10].map((n) => redeliveryDelayMs(n))).toEqual([1000, 2000, 4000, 30_000]);
  });
});
