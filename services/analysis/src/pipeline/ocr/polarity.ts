/**
 * Tesseract reads dark text on a light background. Screens also put light text on dark buttons, bars
 * and hero images: those regions are inverted so every text ends up dark on light in one pass.
 *
 * Runs on every key frame at OCR size (a million pixels), so the loops below index typed arrays
 * directly; `as number` reads are in bounds by construction.
 */

import { chroma } from './active-item';

const DARK = 128;
/**
 * A brand colour is a background for light text well above the gray that is: designers set white on orange,
 * teal or a mid blue (luma 125-165), and tesseract's one threshold for the page puts both on the page's side.
 * Pixels this colourful (their chroma, max minus min channel) count as dark up to `COLOURED_DARK`; yellows and
 * pastels, brighter, carry dark text and stay light. Tighter bounds (chroma 125-140, luma 160-165) lost a dark
 * app's coloured labels and read a word-bank's tiles as a screen of their own.
 */
const COLOURFUL = 110;
const COLOURED_DARK = 168;
/** A darker shade within a dark region (a card on a dark page) is background too; text darker than a brand colour stands well below it. */
const DARKER_SLACK = 40;
/** A region is a dark background when most of a wide neighbourhood is dark (bold text alone never is). */
const DARK_REGION_SHARE = 0.62;

/** A summed-area table (width+1 by height+1, first row and column zero); 32 bits hold the values below 168 it sums over 12 million pixels. */
function integralOf(values: Uint8Array, width: number, height: number): Int32Array {
  const stride = width + 1;
  const integral = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    const row = y * width;
    const above = y * stride + 1;
    const here = above + stride;
    for (let x = 0; x < width; x += 1) {
      rowSum += values[row + x] as number;
      integral[here + x] = (integral[above + x] as number) + rowSum;
    }
  }
  return integral;
}

/** The window of radius `radius` around each pixel, clipped to the image: its bounds along one axis. */
function windowBounds(size: number, radius: number): { from: Int32Array; to: Int32Array } {
  const from = new Int32Array(size);
  const to = new Int32Array(size);
  for (let i = 0; i < size; i += 1) {
    from[i] = Math.max(0, i - radius);
    to[i] = Math.min(size, i + radius + 1);
  }
  return { from, to };
}

/** Sums a summed-area table over windows around pixels. */
class Windows {
  private readonly stride: number;
  private readonly xs: { from: Int32Array; to: Int32Array };
  private readonly ys: { from: Int32Array; to: Int32Array };

  constructor(width: number, height: number, radius: number) {
    this.stride = width + 1;
    this.xs = windowBounds(width, radius);
    this.ys = windowBounds(height, radius);
  }

  sum(integral: Int32Array, x: number, y: number): number {
    const x0 = this.xs.from[x] as number;
    const x1 = this.xs.to[x] as number;
    const r0 = (this.ys.from[y] as number) * this.stride;
    const r1 = (this.ys.to[y] as number) * this.stride;
    return (
      (integral[r1 + x1] as number) - (integral[r0 + x1] as number) - (integral[r1 + x0] as number) + (integral[r0 + x0] as number)
    );
  }

  /** The table's sum over the rectangle [x0, x1) x [y0, y1), clipped to the image. */
  sumOver(integral: Int32Array, x0: number, y0: number, x1: number, y1: number): number {
    const width = this.stride - 1;
    const height = this.ys.from.length;
    const left = Math.max(0, x0);
    const right = Math.min(width, x1);
    const top = Math.max(0, y0) * this.stride;
    const bottom = Math.min(height, y1) * this.stride;
    return (
      (integral[bottom + right] as number) - (integral[top + right] as number) - (integral[bottom + left] as number) + (integral[top + left] as number)
    );
  }

  area(x: number, y: number): number {
    return ((this.ys.to[y] as number) - (this.ys.from[y] as number)) * ((this.xs.to[x] as number) - (this.xs.from[x] as number));
  }
}

/** Pixels are visited in square blocks: a block whose surroundings hold too little is skipped whole. */
const BLOCK = 16;

/** Calls `visit(x0, y0, x1, y1)` for each block of the image (x1, y1 exclusive). */
function forEachBlock(width: number, height: number, visit: (x0: number, y0: number, x1: number, y1: number) => void): void {
  for (let y0 = 0; y0 < height; y0 += BLOCK) {
    for (let x0 = 0; x0 < width; x0 += BLOCK) visit(x0, y0, Math.min(width, x0 + BLOCK), Math.min(height, y0 + BLOCK));
  }
}

/**
 * The regions grown over the dark pixels joined to them through dark pixels, within reach of them: a short
 * button's rounded ends are no more 'mostly dark' around them than its rim, and left dark they stand against
 * its first and last letters, which tesseract then does not read. Dark text apart from the region, however
 * near, is not joined to it.
 */
function joinedDarkness(
  region: Uint8Array,
  isDark: Uint8Array,
  width: number,
  height: number,
  inReach: (x: number, y: number) => boolean,
): Uint8Array {
  const joined = new Uint8Array(region);
  // A pixel enters the stack once at most, as a region pixel or when it is joined: the stack never outgrows the image.
  const stack = new Int32Array(region.length);
  let top = 0;
  for (let i = 0; i < region.length; i += 1) if (region[i] === 1) stack[top++] = i;
  const join = (next: number): void => {
    if (joined[next] === 1 || isDark[next] === 0) return;
    const x = next % width;
    if (!inReach(x, (next - x) / width)) return;
    joined[next] = 1;
    stack[top++] = next;
  };
  while (top > 0) {
    const i = stack[--top] as number;
    const x = i % width;
    if (x > 0) join(i - 1);
    if (x < width - 1) join(i + 1);
    if (i >= width) join(i - width);
    if (i < (height - 1) * width) join(i + width);
  }
  return joined;
}

/** `rgb`, when given, is the same image in colour (three bytes a pixel): brand colours count as dark with it. */
export function normalizePolarity(gray: Uint8Array, width: number, height: number, rgb?: Uint8Array): Uint8Array {
  const pixels = width * height;
  const wide = Math.max(10, Math.round(Math.min(width, height) / 40));
  const edge = Math.max(2, Math.round(wide / 2));
  const isDark = new Uint8Array(pixels);
  const darkValue = new Uint8Array(pixels);
  for (let i = 0, c = 0; i < pixels; i += 1, c += 3) {
    const value = gray[i] as number;
    if (value < DARK || (rgb !== undefined && value < COLOURED_DARK && chroma(rgb, c) >= COLOURFUL)) {
      isDark[i] = 1;
      darkValue[i] = value;
    }
  }
  const dark = integralOf(isDark, width, height);
  const wideWindows = new Windows(width, height, wide);
  const region = new Uint8Array(pixels);
  let anyRegion = false;
  forEachBlock(width, height, (x0, y0, x1, y1) => {
    // Every window of the block lies in the block grown by the radius, and the smallest window is a corner's:
    // when even the grown block is not dark enough for that one, no pixel of the block is in a dark region.
    const darkAround = wideWindows.sumOver(dark, x0 - wide, y0 - wide, x1 + wide, y1 + wide);
    const smallest = Math.min(wideWindows.area(x0, y0), wideWindows.area(x1 - 1, y0), wideWindows.area(x0, y1 - 1), wideWindows.area(x1 - 1, y1 - 1));
    if (darkAround <= DARK_REGION_SHARE * smallest) return;
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0, i = y * width + x0; x < x1; x += 1, i += 1) {
        if (wideWindows.sum(dark, x, y) / wideWindows.area(x, y) > DARK_REGION_SHARE) {
          region[i] = 1;
          anyRegion = true;
        }
      }
    }
  });
  const out = new Uint8Array(gray);
  if (!anyRegion) return out;
  const nearRegion = integralOf(region, width, height);
  const reach = new Windows(width, height, 2 * wide);
  const joined = joinedDarkness(region, isDark, width, height, (x, y) => reach.sum(nearRegion, x, y) > 0);
  // The rim inside a dark region is not "mostly dark" around it: its dark pixels still belong to the region.
  const darkSum = integralOf(darkValue, width, height);
  const edgeWindows = new Windows(width, height, edge);
  forEachBlock(width, height, (x0, y0, x1, y1) => {
    // No region pixel within reach of the block: nothing in it is inverted.
    if (reach.sumOver(nearRegion, x0 - 2 * wide, y0 - 2 * wide, x1 + 2 * wide, y1 + 2 * wide) === 0) return;
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0, i = y * width + x0; x < x1; x += 1, i += 1) {
        const value = gray[i] as number;
        const invert = joined[i] === 1 || (isDark[i] === 1 && edgeWindows.sum(nearRegion, x, y) > 0);
        if (!invert) continue;
        // Stretch so the region's own background becomes white, not the mid grey a plain inversion gives. Ink
        // is whatever stands apart from that background: light text, and the dark text a brand colour may carry.
        const count = wideWindows.sum(dark, x, y);
        const background = count > 0 ? wideWindows.sum(darkSum, x, y) / count : 0;
        const ink = value >= background
          ? (value - background) / Math.max(1, 255 - background)
          : (background - value - DARKER_SLACK) / Math.max(1, background - DARKER_SLACK);
        out[i] = Math.round(255 * Math.min(1, Math.max(0, 1 - ink)));
      }
    }
  });
  return out;
}
