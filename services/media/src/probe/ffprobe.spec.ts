import { parseProbe } from './ffprobe';

describe(parseProbe.name, () => {
  const output = (streams: object[], duration?: string) => JSON.stringify({ streams, format: duration ? { duration } : {} });

  it('should answer the format duration of a file with a video stream', () => {
    expect(parseProbe(output([{ codec_type: 'audio' }, { codec_type: 'video' }], '3.000000'))).toEqual({ durationSec: 3 });
  });

  it.each([
    ['audio only', output([{ codec_type: 'audio' }], '3.0')],
    ['only a cover picture', output([{ codec_type: 'video', disposition: { attached_pic: 1 } }], '3.0')],
    ['no duration', output([{ codec_type: 'video' }])],
    ['a zero duration', output([{ codec_type: 'video' }], '0.000')],
    ['N/A duration', output([{ codec_type: 'video' }], 'N/A')],
    ['not JSON', 'Invalid data found when processing input'],
  ])('should refuse %s', (_name, stdout) => {
    expect(parseProbe(stdout)).toBeNull();
  });
});
