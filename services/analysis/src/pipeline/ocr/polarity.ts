/**
 * Tesseract reads dark text on a light background. Screens also put light text on dark buttons, bars
 * and hero images: those regions are inverted so every text ends up dark on light in one pass.
 *
 * Runs on every key frame at OCR size (a million pixels), so the loops below index typed arrays
 * directly; `as number` reads are in bounds by construction.
 */

const DARK = 128;
/** A region is a dark background when most of a wide neighbourhood is dark (bold text alone never is). */
const DARK_REGION_SHARE = 0.62;

/** A summed-area table (width+1 by height+1, first row and column zero); 32 bits hold the values below 128 it sums over 16 million pixels. */
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
  const stack: number[] = [];
  for (let i = 0; i < region.length; i += 1) if (region[i] === 1) stack.push(i);
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const x = i % width;
    const y = (i - x) / width;
    for (const next of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
      if (next < 0 || joined[next] === 1 || isDark[next] === 0) continue;
      const nx = next % width;
      if (!inReach(nx, (next - nx) / width)) continue;
      joined[next] = 1;
      stack.push(next);
    }
  }
  return joined;
}

export function normalizePolarity(gray: Uint8Array, width: number, height: number): Uint8Array {
  const pixels = width * height;
  const wide = Math.max(10, Math.round(Math.min(width, height) / 40));
  const edge = Math.max(2, Math.round(wide / 2));
  const isDark = new Uint8Array(pixels);
  const darkValue = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i += 1) {
    const value = gray[i] as number;
    if (value < DARK) {
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
        const invert = joined[i] === 1 || (value < DARK && edgeWindows.sum(nearRegion, x, y) > 0);
        if (!invert) continue;
        // Stretch so the region's own background becomes white, not the mid grey a plain inversion gives.
        const count = wideWindows.sum(dark, x, y);
        const background = count > 0 ? wideWindows.sum(darkSum, x, y) / count : 0;
        const ink = (value - background) / Math.max(1, 255 - background);
        out[i] = Math.round(255 * Math.min(1, Math.max(0, 1 - ink)));
      }
    }
  });
  return out;
}
