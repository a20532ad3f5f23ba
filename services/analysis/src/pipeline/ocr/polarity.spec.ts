import { normalizePolarity } from './polarity';

// A frame of a 1440 x 900 recording, read at its own size.
const W = 1440;
const H = 900;

describe('normalizePolarity', () => {
  it('should turn a short dark button white to its rounded ends, its light label dark, and leave dark text beside it', () => {
    const gray = new Uint8Array(W * H).fill(250);
    // A 94 x 34 dark teal button at (1004, 300) whose ends narrow like rounded corners, its light label across it.
    for (let y = 300; y < 334; y += 1) {
      const inset = Math.max(0, 6 - Math.min(y - 300, 333 - y));
      for (let x = 1004 + inset; x < 1098 - inset; x += 1) gray[y * W + x] = 90;
    }
    for (let y = 312; y < 325; y += 1) for (let x = 1013; x < 1089; x += 3) gray[y * W + x] = 245;
    // Dark text 20 px to the left of the button, not touching it.
    for (let y = 310; y < 327; y += 1) for (let x = 930; x < 984; x += 2) gray[y * W + x] = 40;

    const out = normalizePolarity(gray, W, H);
    const at = (x: number, y: number): number => out[y * W + x] as number;
    // Both ends of the button, its first and last columns, read as background now.
    for (const x of [1005, 1008, 1093, 1096]) expect(at(x, 318)).toBeGreaterThan(200);
    // The label is ink, and the text beside the button still is.
    expect(at(1052, 318)).toBeLessThan(100);
    expect(at(930, 318)).toBeLessThan(100);
  });
});
