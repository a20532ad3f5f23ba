/**
 * Key frames of a screen recording mostly repeat an earlier one: the same page after typing, a hover, a
 * toast, a revisit. Only the rows that changed since the most alike frame already read are read again;
 * the rest of that frame's text is carried over. All coordinates here are OCR pixels unless named.
 */
import type { Box } from '../types';

/** A horizontal strip of the image, `y1` exclusive. Text runs in lines, so strips never cut a word sideways. */
export interface Band {
  y0: number;
  y1: number;
}

interface Line {
  box: Box;
}

const CELL = 8;
/** JPEG noise around text edges stays under this; a changed glyph or colour goes well over it. */
const PIXEL_DIFF = 40;
const CELL_PIXELS = 3;
/** Rows around a change that are read with it, so a line's ascenders and descenders are whole. */
const MARGIN = 6;
const MERGE_GAP = 16;
/** Past this share of the height, reading the whole frame costs about the same and keeps its layout context. */
export const MAX_CHANGED_SHARE = 0.5;
const THUMB = 32;

/** The rows that differ between two images of one size, as merged bands with a margin. */
export function changedBands(before: Uint8Array, after: Uint8Array, width: number, height: number): Band[] {
  const bands: Band[] = [];
  for (let cy = 0; cy < height; cy += CELL) {
    if (!rowChanged(before, after, width, Math.min(height, cy + CELL), cy)) continue;
    const y0 = Math.max(0, cy - MARGIN);
    const y1 = Math.min(height, cy + CELL + MARGIN);
    const last = bands[bands.length - 1];
    if (last && y0 - last.y1 < MERGE_GAP) last.y1 = y1;
    else bands.push({ y0, y1 });
  }
  return bands;
}

function rowChanged(before: Uint8Array, after: Uint8Array, width: number, yEnd: number, y0: number): boolean {
  for (let cx = 0; cx < width; cx += CELL) {
    const xEnd = Math.min(width, cx + CELL);
    let differing = 0;
    for (let y = y0; y < yEnd; y += 1) {
      for (let x = cx, i = y * width + cx; x < xEnd; x += 1, i += 1) {
        if (Math.abs((before[i] ?? 0) - (after[i] ?? 0)) > PIXEL_DIFF) differing += 1;
      }
    }
    if (differing >= CELL_PIXELS) return true;
  }
  return false;
}

export function bandsShare(bands: readonly Band[], height: number): number {
  return bands.reduce((sum, band) => sum + band.y1 - band.y0, 0) / Math.max(1, height);
}

/** A 32x32 average of the image: cheap to compare against every frame read so far. */
export function thumbnail(gray: Uint8Array, width: number, height: number): Float32Array {
  const sums = new Float32Array(THUMB * THUMB);
  const counts = new Uint32Array(THUMB * THUMB);
  for (let y = 0; y < height; y += 2) {
    const ty = Math.floor((y * THUMB) / height);
    for (let x = 0; x < width; x += 2) {
      const cell = ty * THUMB + Math.floor((x * THUMB) / width);
      sums[cell] = (sums[cell] ?? 0) + (gray[y * width + x] ?? 0);
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
  }
  return sums.map((sum, cell) => sum / Math.max(1, counts[cell] ?? 0));
}

export function thumbnailDistance(a: Float32Array, b: Float32Array): number {
  let total = 0;
  for (let i = 0; i < a.length; i += 1) total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return total / a.length;
}

function lineBand(line: Line, scale: number): Band {
  return { y0: Math.floor(line.box.y * scale), y1: Math.ceil((line.box.y + line.box.height) * scale) };
}

function overlaps(a: Band, b: Band): boolean {
  return a.y0 < b.y1 && b.y0 < a.y1;
}

/**
 * Widens the bands over every line of the reference they touch, so no line is read in part; `scale`
 * converts the lines' frame pixels to OCR pixels. The result is sorted and disjoint.
 */
export function widenToLines(bands: readonly Band[], lines: readonly Line[], scale: number, height: number): Band[] {
  const spans = [...bands.map((band) => ({ ...band }))];
  for (const line of lines) {
    const span = lineBand(line, scale);
    if (bands.some((band) => overlaps(band, span))) spans.push({ y0: Math.max(0, span.y0 - 2), y1: Math.min(height, span.y1 + 2) });
  }
  spans.sort((a, b) => a.y0 - b.y0);
  const merged: Band[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.y0 <= last.y1) last.y1 = Math.max(last.y1, span.y1);
    else merged.push(span);
  }
  return merged;
}

/** The reference's lines that lie wholly outside the bands: still on screen, unchanged. */
export function linesOutside<T extends Line>(lines: readonly T[], bands: readonly Band[], scale: number): T[] {
  return lines.filter((line) => {
    const span = lineBand(line, scale);
    return !bands.some((band) => overlaps(band, span));
  });
}

/** A copy of the image with everything outside the bands painted white: tesseract then reads only the bands. */
export function blankOutside(image: Uint8Array, width: number, bands: readonly Band[]): Uint8Array {
  const out = new Uint8Array(image.length).fill(255);
  for (const band of bands) out.set(image.subarray(band.y0 * width, band.y1 * width), band.y0 * width);
  return out;
}
