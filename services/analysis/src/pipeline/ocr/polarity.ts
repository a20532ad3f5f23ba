/**
 * Tesseract reads dark text on a light background. Screens also put light text on dark buttons, bars
 * and hero images: those regions are inverted so every text ends up dark on light in one pass.
 */

const DARK = 128;
/** A region is a dark background when most of a wide neighbourhood is dark (bold text alone never is). */
const DARK_REGION_SHARE = 0.62;
function integralOf(isSet: (index: number) => boolean, width: number, height: number): Uint32Array {
  const stride = width + 1;
  const integral = new Uint32Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < width; x += 1) {
      rowSum += isSet(y * width + x) ? 1 : 0;
      integral[(y + 1) * stride + x + 1] = (integral[y * stride + x + 1] ?? 0) + rowSum;
    }
  }
  return integral;
}

function shareOf(integral: Uint32Array | Float64Array, width: number, height: number, x: number, y: number, radius: number): number {
  const stride = width + 1;
  const x0 = Math.max(0, x - radius);
  const x1 = Math.min(width, x + radius + 1);
  const y0 = Math.max(0, y - radius);
  const y1 = Math.min(height, y + radius + 1);
  const dark =
    (integral[y1 * stride + x1] ?? 0) -
    (integral[y0 * stride + x1] ?? 0) -
    (integral[y1 * stride + x0] ?? 0) +
    (integral[y0 * stride + x0] ?? 0);
  return dark / ((y1 - y0) * (x1 - x0));
}

function sumOfDark(gray: Uint8Array, width: number, height: number): Float64Array {
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < width; x += 1) {
      const value = gray[y * width + x] ?? 255;
      rowSum += value < DARK ? value : 0;
      integral[(y + 1) * stride + x + 1] = (integral[y * stride + x + 1] ?? 0) + rowSum;
    }
  }
  return integral;
}

/** Mean over the window of the summed values (divide by the dark share to get the dark pixels' mean). */
function shareOfSum(integral: Float64Array, width: number, height: number, x: number, y: number, radius: number): number {
  const stride = width + 1;
  const x0 = Math.max(0, x - radius);
  const x1 = Math.min(width, x + radius + 1);
  const y0 = Math.max(0, y - radius);
  const y1 = Math.min(height, y + radius + 1);
  const sum =
    (integral[y1 * stride + x1] ?? 0) -
    (integral[y0 * stride + x1] ?? 0) -
    (integral[y1 * stride + x0] ?? 0) +
    (integral[y0 * stride + x0] ?? 0);
  return sum / ((y1 - y0) * (x1 - x0));
}

export function normalizePolarity(gray: Uint8Array, width: number, height: number): Uint8Array {
  const wide = Math.max(10, Math.round(Math.min(width, height) / 40));
  const edge = Math.max(2, Math.round(wide / 2));
  const dark = integralOf((i) => (gray[i] ?? 255) < DARK, width, height);
  const darkSum = sumOfDark(gray, width, height);
  const region = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      region[y * width + x] = shareOf(dark, width, height, x, y, wide) > DARK_REGION_SHARE ? 1 : 0;
    }
  }
  // The rim inside a dark region is not "mostly dark" around it: its dark pixels still belong to the region.
  const nearRegion = integralOf((i) => region[i] === 1, width, height);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const value = gray[i] ?? 255;
      const invert = region[i] === 1 || (value < DARK && shareOf(nearRegion, width, height, x, y, edge) > 0);
      if (!invert) {
        out[i] = value;
        continue;
      }
      // Stretch so the region's own background becomes white, not the mid grey a plain inversion gives.
      const count = shareOf(dark, width, height, x, y, wide);
      const background = count > 0 ? shareOfSum(darkSum, width, height, x, y, wide) / count : 0;
      const ink = (value - background) / Math.max(1, 255 - background);
      out[i] = Math.round(255 * Math.min(1, Math.max(0, 1 - ink)));
    }
  }
  return out;
}
