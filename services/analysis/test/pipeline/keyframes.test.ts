import type { GrayFrame } from '../../src/pipeline/frame-math';
import { KeyframeSegmenter } from '../../src/pipeline/keyframes';

const WIDTH = 160;
const HEIGHT = 120;
const SAMPLE_SEC = 0.25;

/** A screen of text-like stripes (`seed` tells screens apart) with a small dark cursor at `cursor`, if any. */
function screen(seed: number, cursor?: { x: number; y: number }): GrayFrame {
  const data = new Uint8Array(WIDTH * HEIGHT).fill(250);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      if ((y + seed * 5) % 14 < 5 && x > 10 && x < 30 + ((y * 37 + seed * 11) % 110)) data[y * WIDTH + x] = 30;
    }
  }
  if (cursor) {
    for (let y = cursor.y; y < cursor.y + 6; y += 1) data.fill(0, y * WIDTH + cursor.x, y * WIDTH + cursor.x + 4);
  }
  return { width: WIDTH, height: HEIGHT, data };
}

function periodsOf(samples: GrayFrame[]) {
  const segmenter = new KeyframeSegmenter(SAMPLE_SEC);
  samples.forEach((sample, i) => segmenter.push(sample, i * SAMPLE_SEC));
  return segmenter.finish();
}

describe('KeyframeSegmenter', () => {
  it('should mark when a screen came to rest when the cursor moved on it before it was left', () => {
    const cursorPath = [10, 30, 50, 70, 90, 110].map((x) => screen(1, { x, y: 60 }));
    const periods = periodsOf([...cursorPath, screen(2), screen(2), screen(2)]);
    expect(periods).toHaveLength(2);
    const [moved, still] = periods;
    // Between the first two samples of the screen; the key frame is grabbed between its last two.
    expect(moved?.restSec).toBe(SAMPLE_SEC / 2);
    expect(moved?.settledSec).toBe(5 * SAMPLE_SEC - SAMPLE_SEC / 2);
    // Nothing changed on the screen after it: one picture of it is enough.
    expect(still?.restSec).toBeUndefined();
  });
});
