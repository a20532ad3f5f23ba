/**
 * Form fields, cards and tables draw thin ruled lines right next to text; tesseract then often skips
 * the text inside (a typed email in its input box). Thin long lines are whitened before OCR.
 */

const INK = 215;
const THIN = 3;

function isInk(gray: Uint8Array, index: number): boolean {
  return (gray[index] ?? 255) < INK;
}

export function removeRuledLines(gray: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(gray);
  const minHorizontal = Math.max(40, Math.round(width / 30));
  const minVertical = Math.max(30, Math.round(height * 0.06));
  for (let y = 0; y < height; y += 1) {
    let x = 0;
    while (x < width) {
      if (!isInk(gray, y * width + x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < width && isInk(gray, y * width + x)) x += 1;
      if (x - start >= minHorizontal && thinAcross(gray, width, height, y, start, x)) {
        for (let i = start; i < x; i += 1) out[y * width + i] = 255;
      }
    }
  }
  for (let x = 0; x < width; x += 1) {
    let y = 0;
    while (y < height) {
      if (!isInk(gray, y * width + x)) {
        y += 1;
        continue;
      }
      const start = y;
      while (y < height && isInk(gray, y * width + x)) y += 1;
      if (y - start >= minVertical && thinAlong(gray, width, x, start, y)) {
        for (let i = start; i < y; i += 1) out[i * width + x] = 255;
      }
    }
  }
  return out;
}

/** Light paper a few pixels above and below most of a horizontal run: a line, not a letter stroke. */
function thinAcross(gray: Uint8Array, width: number, height: number, y: number, x0: number, x1: number): boolean {
  if (y - THIN < 0 || y + THIN >= height) return true;
  let light = 0;
  for (let x = x0; x < x1; x += 1) {
    if (!isInk(gray, (y - THIN) * width + x) || !isInk(gray, (y + THIN) * width + x)) light += 1;
  }
  return light >= (x1 - x0) * 0.8;
}

function thinAlong(gray: Uint8Array, width: number, x: number, y0: number, y1: number): boolean {
  if (x - THIN < 0 || x + THIN >= width) return true;
  let light = 0;
  for (let y = y0; y < y1; y += 1) {
    if (!isInk(gray, y * width + x - THIN) || !isInk(gray, y * width + x + THIN)) light += 1;
  }
  return light >= (y1 - y0) * 0.8;
}
