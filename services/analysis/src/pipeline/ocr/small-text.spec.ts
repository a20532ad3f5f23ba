import { ENLARGE, linesFromStack, stackPatches, unreadPatches } from './small-text';
import type { OcrLine } from './tesseract-engine';

const W = 400;
const H = 200;

/** White, with dark speckles (text-like ink) in each box. */
function page(...boxes: Array<{ x: number; y: number; width: number; height: number }>): Uint8Array {
  const image = new Uint8Array(W * H).fill(250);
  for (const box of boxes) {
    for (let y = box.y; y < box.y + box.height; y += 1) {
      for (let x = box.x; x < box.x + box.width; x += 1) if ((x * 7 + y * 3) % 5 === 0) image[y * W + x] = 20;
    }
  }
  return image;
}

const line = (text: string, box: OcrLine['box']): OcrLine => ({
  text,
  confidence: 90,
  box,
  words: [{ text, confidence: 90, box }],
});

describe('small text', () => {
  it('should find ink no line covers, a line high and wider than an icon, and only where the frame was read', () => {
    const label = { x: 40, y: 40, width: 80, height: 12 };
    const read = { x: 40, y: 100, width: 200, height: 14 };
    const icon = { x: 300, y: 40, width: 10, height: 10 };
    const picture = { x: 300, y: 100, width: 80, height: 90 };
    const image = page(label, read, icon, picture);
    const patches = unreadPatches(image, W, H, [line('Shown', read)], 1);
    expect(patches).toHaveLength(1);
    const [patch] = patches;
    expect(
      patch &&
        patch.x0 <= label.x &&
        patch.x1 >= label.x + label.width &&
        patch.y0 <= label.y &&
        patch.y1 >= label.y + label.height,
    ).toBe(true);
    // Outside the part read again, nothing is looked for.
    expect(unreadPatches(image, W, H, [], 1, [{ x0: 0, y0: 90, x1: 200, y1: 130 }])).toEqual([
      expect.objectContaining({ y0: expect.any(Number) }),
    ]);
    expect(
      unreadPatches(image, W, H, [line('Shown', read), line('Label', label)], 1, [
        { x0: 0, y0: 90, x1: 280, y1: 130 },
      ]),
    ).toEqual([]);
  });

  it('should not take the rest of a line read in part for text of its own', () => {
    const whole = { x: 40, y: 100, width: 300, height: 12 };
    const image = page(whole);
    expect(unreadPatches(image, W, H, [line('Free returns', { ...whole, width: 200 })], 1)).toEqual([]);
  });

  it('should stack the patches enlarged and put what is read on them back where it is on the frame', () => {
    const image = page({ x: 40, y: 40, width: 80, height: 12 }, { x: 200, y: 150, width: 60, height: 12 });
    const patches = [
      { x0: 34, y0: 34, x1: 126, y1: 58 },
      { x0: 194, y0: 144, x1: 266, y1: 168 },
    ];
    const stack = stackPatches(image, W, patches);
    expect(stack.width).toBe(92 * ENLARGE);
    expect(stack.height).toBe((24 + 24) * ENLARGE);
    expect(stack.slots.map((slot) => slot.top)).toEqual([0, 24 * ENLARGE]);
    // A read of the second patch's text, in stack pixels, lands on the frame (OCR scale 0.5: frame = OCR / 0.5).
    const onStack = line('Send reply', {
      x: 12 * ENLARGE,
      y: 24 * ENLARGE + 6 * ENLARGE,
      width: 60 * ENLARGE,
      height: 12 * ENLARGE,
    });
    const [placed] = linesFromStack([onStack], stack, 0.5);
    expect(placed?.box).toEqual({
      x: (194 + 12) / 0.5,
      y: (144 + 6) / 0.5,
      width: 60 / 0.5,
      height: 12 / 0.5,
    });
    expect(placed?.words[0]?.box).toEqual(placed?.box);
    // Across two patches: no place on the frame.
    expect(linesFromStack([line('x', { x: 0, y: 10, width: 10, height: 40 * ENLARGE })], stack, 1)).toEqual(
      [],
    );
  });
});
