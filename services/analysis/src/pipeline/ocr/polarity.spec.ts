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

  describe('on a brand colour', () => {
    /** A white page with a 200 x 40 button of `fill` at (600, 400) whose label of `ink` runs across it, with its luma. */
    function button(fill: [number, number, number], ink: [number, number, number]): { gray: Uint8Array; rgb: Uint8Array } {
      const rgb = new Uint8Array(W * H * 3).fill(255);
      const paint = (x: number, y: number, [r, g, b]: [number, number, number]): void => {
        rgb.set([r, g, b], (y * W + x) * 3);
      };
      for (let y = 400; y < 440; y += 1) for (let x = 600; x < 800; x += 1) paint(x, y, fill);
      for (let y = 412; y < 428; y += 1) for (let x = 620; x < 780; x += 3) paint(x, y, ink);
      const gray = new Uint8Array(W * H);
      for (let i = 0; i < W * H; i += 1) gray[i] = Math.round(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
      return { gray, rgb };
    }
    const label = (image: { gray: Uint8Array; rgb: Uint8Array }) => {
      const out = normalizePolarity(image.gray, W, H, image.rgb);
      return { ink: out[420 * W + 650] as number, background: out[420 * W + 651] as number };
    };

    it("should read white on coral (luma 130) as ink on white, as on a dark button", () => {
      const { ink, background } = label(button([234, 90, 61], [255, 255, 255]));
      expect(ink).toBeLessThan(80);
      expect(background).toBeGreaterThan(200);
    });

    it('should keep dark text on a brand colour ink, and leave a yellow button as it is', () => {
      const orange = label(button([249, 115, 22], [20, 20, 20]));
      expect(orange.ink).toBeLessThan(80);
      expect(orange.background).toBeGreaterThan(200);
      const yellow = button([250, 204, 21], [20, 20, 20]);
      expect(Buffer.from(normalizePolarity(yellow.gray, W, H, yellow.rgb)).equals(Buffer.from(yellow.gray))).toBe(true);
    });
  });
});
