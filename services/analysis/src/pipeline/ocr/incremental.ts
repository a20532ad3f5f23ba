/**
 * Key frames of a screen recording mostly repeat an earlier one: the same page after typing, a hover, a
 * toast, a scroll, a revisit. Only the parts that changed since the most alike frame already read are read
 * again; the rest of that frame's text is carried over, moved with the scroll where the page scrolled.
 * All coordinates here are OCR pixels unless named.
 */
import type { Box } from '../types';

/** A rectangle of the OCR image, `x1` and `y1` exclusive. */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Line {
  box: Box;
}

/** Side of the squares frames are compared and searched for ink by, in OCR pixels. */
export const CELL = 8;
/** JPEG noise around text edges stays under this; a changed glyph or colour goes well over it. */
const PIXEL_DIFF = 40;
const CELL_PIXELS = 3;
/** A cell whose brightness spans less than this is background: no text of it is lost when it is not read. */
export const INK_RANGE = 48;
/** Pixels around a change that are read with it, so a line's ascenders and descenders are whole. */
const MARGIN = 6;
/** Changed cells this close (in cells) are read as one region. */
const MERGE_CELLS = 2;
/** Widening regions over the lines they touch settles in a round or two; past this, the frame is read whole. */
const MAX_ROUNDS = 6;
/**
 * Reading costs about in proportion to the text read (measured with row bands: 20 % less OCR time on the
 * speed bench than with a cut-off at half); only when nearly all of the frame changed is it read whole.
 */
export const MAX_CHANGED_SHARE = 0.9;
const THUMB = 32;

/**
 * How a frame compares with an earlier one of the same size, cell by cell: whether each cell differs in
 * place, whether it differs from the earlier frame moved up by `shift` pixels (a scroll: `after[y]` shows
 * `before[y + shift]`), and whether it holds ink at all.
 */
export interface CellChanges {
  width: number;
  height: number;
  cols: number;
  rows: number;
  shift: number;
  inPlace: Uint8Array;
  /** Only when there is a shift. */
  shifted: Uint8Array | undefined;
  ink: Uint8Array;
}

export function compareCells(before: Uint8Array, after: Uint8Array, width: number, height: number, shift = 0): CellChanges {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const inPlace = new Uint8Array(cols * rows);
  const shifted = shift === 0 ? undefined : new Uint8Array(cols * rows);
  const ink = new Uint8Array(cols * rows);
  for (let row = 0; row < rows; row += 1) {
    const y0 = row * CELL;
    const yEnd = Math.min(height, y0 + CELL);
    for (let col = 0; col < cols; col += 1) {
      const x0 = col * CELL;
      const xEnd = Math.min(width, x0 + CELL);
      let differing = 0;
      let differingShifted = 0;
      let lo = 255;
      let hi = 0;
      for (let y = y0; y < yEnd; y += 1) {
        const fromInside = y + shift >= 0 && y + shift < height;
        for (let x = x0, i = y * width + x0; x < xEnd; x += 1, i += 1) {
          const value = after[i] as number;
          if (value < lo) lo = value;
          if (value > hi) hi = value;
          if (Math.abs((before[i] as number) - value) > PIXEL_DIFF) differing += 1;
          if (shifted && (!fromInside || Math.abs((before[i + shift * width] as number) - value) > PIXEL_DIFF)) differingShifted += 1;
        }
      }
      const cell = row * cols + col;
      inPlace[cell] = differing >= CELL_PIXELS ? 1 : 0;
      if (shifted) shifted[cell] = differingShifted >= CELL_PIXELS ? 1 : 0;
      ink[cell] = hi - lo >= INK_RANGE ? 1 : 0;
    }
  }
  return { width, height, cols, rows, shift, inPlace, shifted, ink };
}

/** What to read of a frame, and the earlier frame's lines that stand as they were (or moved with the scroll). */
export interface ReadPlan<T> {
  regions: Region[];
  kept: T[];
}

/**
 * Plans an incremental read. Cells that match neither in place nor after the scroll are read, widened over
 * every earlier line they touch; an earlier line whose cells all still match is kept, where it was or moved
 * with the scroll; a line cut by the edge of a fixed bar or of the frame is read again where it still shows.
 * `scale` converts the lines' frame pixels to OCR pixels; `move` shifts a line up by frame pixels.
 * Undefined when nearly everything must be read: the whole frame is then read at once.
 */
export function planRead<T extends Line>(
  changes: CellChanges,
  lines: readonly T[],
  scale: number,
  move: (line: T, up: number) => T,
): ReadPlan<T> | undefined {
  const { width, height, shift, inPlace, shifted, ink } = changes;
  const placed = lines.map((line) => toRegion(line.box, scale, 0));
  const moved = lines.map((line) => (shifted ? toRegion(line.box, scale, shift) : undefined));
  let regions = unexplainedRegions(changes);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    if (area(regions) > MAX_CHANGED_SHARE * width * height) return undefined;
    const grown = [...regions];
    const untouched = (box: Region): boolean => !regions.some((region) => intersects(region, box));
    const inPlaceKept = lines.map((_, i) => {
      const here = placed[i] as Region;
      return untouched(here) && !someCell(changes, here, (cell) => inPlace[cell] === 1);
    });
    const stays = placed.filter((_, i) => inPlaceKept[i]);
    const kept: T[] = [];
    for (const [i, line] of lines.entries()) {
      const here = placed[i] as Region;
      const there = moved[i];
      if (inPlaceKept[i]) {
        kept.push(line);
      } else if (
        shifted &&
        there &&
        within(there, width, height) &&
        untouched(there) &&
        // Repeated content (list rows a scroll apart) could put two lines on one spot: the one in place wins.
        !stays.some((box) => intersects(box, there)) &&
        !someCell(changes, there, (cell) => shifted[cell] === 1)
      ) {
        kept.push(move(line, shift / scale));
      } else {
        // Touched by a change, or cut by the edge of a fixed bar or of the frame: read again wherever it shows.
        for (const [box, differs] of [[here, inPlace], [there, shifted]] as const) {
          if (!box || !differs) continue;
          const visible = clip(box, width, height);
          if (visible.x1 <= visible.x0 || visible.y1 <= visible.y0) continue;
          if (!untouched(visible) || someCell(changes, visible, (cell) => differs[cell] === 0 && ink[cell] === 1)) {
            grown.push(clip(pad(visible, 2), width, height));
          }
        }
      }
    }
    const next = mergeRegions(grown);
    if (sameRegions(next, regions)) return { regions, kept };
    regions = next;
  }
  return undefined;
}

/** Lines in reading order: top to bottom, then left to right. */
export const byPosition = (a: Line, b: Line): number => a.box.y - b.box.y || a.box.x - b.box.x;

/** A word read at this confidence or above counts as read clearly; below the second, as not read at all. */
const CLEAR_WORD = 80;
const UNCLEAR_WORD = 60;
/** Characters of clear text an earlier picture's reading must add before it replaces the frame's own. */
const CLEARER_BY = 3;

interface ReadLine extends Line {
  words: ReadonlyArray<{ text: string; confidence: number }>;
}

/** A line with a word tesseract barely read. */
function barelyRead(line: ReadLine): boolean {
  return line.words.some((word) => word.confidence < UNCLEAR_WORD);
}

/**
 * A line read in part, as a label is with the cursor on it: a word read clearly beside one barely read (a
 * lone glyph aside, as a box's edge reads).
 */
export function partlyRead(line: ReadLine): boolean {
  const words = line.words.filter((word) => word.text.length > 1);
  return words.some((word) => word.confidence >= CLEAR_WORD) && words.some((word) => word.confidence < UNCLEAR_WORD);
}

/**
 * Where a frame's own reading is in doubt among the regions planned against an earlier picture of the same
 * screen: a word barely read. Where the frame reads nothing the earlier picture's text has gone (a banner
 * dismissed, a toast faded), not been covered.
 */
export function doubtfulRegions<T extends ReadLine>(lines: readonly T[], plan: ReadPlan<T>, scale: number): Region[] {
  const kept = new Set(plan.kept);
  const changed = lines.filter((line) => !kept.has(line));
  return plan.regions.filter((region) => {
    const inside = changed.filter((line) => intersects(region, toRegion(line.box, scale, 0)));
    return inside.some(barelyRead);
  });
}

/**
 * A frame's lines where an earlier picture of the same screen reads clearer: in each region, `earlier` being
 * the picture's reading of them, the picture's lines stand when they say what the frame's clear words say
 * and more. The cursor resting on the control about to be clicked garbles it in the frame; a field typed
 * into since, or other content where a banner was, reads differently and stays the frame's.
 */
export function clearerReading<T extends ReadLine>(lines: readonly T[], regions: readonly Region[], earlier: readonly T[], scale: number): T[] {
  const regionOf = (line: T): number => regions.findIndex((region) => intersects(region, toRegion(line.box, scale, 0)));
  const chosen = lines.filter((line) => regionOf(line) === -1);
  regions.forEach((_, r) => {
    const frameLines = lines.filter((line) => regionOf(line) === r);
    const earlierLines = earlier.filter((line) => regionOf(line) === r);
    const clearer = clarity(earlierLines) >= clarity(frameLines) + CLEARER_BY && saysAsMuch(earlierLines, frameLines);
    chosen.push(...(clearer ? earlierLines : frameLines));
  });
  return chosen.sort(byPosition);
}

/** Every word the frame read clearly is in the earlier reading too. */
function saysAsMuch(earlier: readonly ReadLine[], frame: readonly ReadLine[]): boolean {
  const said = new Set(earlier.flatMap((line) => line.words.map((word) => word.text.toLowerCase())));
  return frame.every((line) =>
    line.words.every((word) => word.confidence < CLEAR_WORD || word.text.length < 2 || said.has(word.text.toLowerCase())),
  );
}

/** Characters read clearly, less those barely read. */
function clarity(lines: readonly ReadLine[]): number {
  let total = 0;
  for (const { words } of lines) {
    for (const { text, confidence } of words) {
      if (confidence >= CLEAR_WORD) total += text.length;
      else if (confidence < UNCLEAR_WORD) total -= text.length;
    }
  }
  return total;
}

/** Groups of cells that match neither in place nor after the scroll, as rectangles with a margin. */
function unexplainedRegions(changes: CellChanges): Region[] {
  const { cols, rows, inPlace, shifted, width, height } = changes;
  const unexplained = inPlace.map((differs, cell) => (differs === 1 && (!shifted || shifted[cell] === 1) ? 1 : 0));
  const seen = new Uint8Array(cols * rows);
  const regions: Region[] = [];
  for (let start = 0; start < unexplained.length; start += 1) {
    if (unexplained[start] === 0 || seen[start] === 1) continue;
    seen[start] = 1;
    const stack = [start];
    let [c0, r0, c1, r1] = [cols, rows, -1, -1];
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      const col = cell % cols;
      const row = (cell - col) / cols;
      [c0, r0, c1, r1] = [Math.min(c0, col), Math.min(r0, row), Math.max(c1, col), Math.max(r1, row)];
      for (let r = Math.max(0, row - MERGE_CELLS); r <= Math.min(rows - 1, row + MERGE_CELLS); r += 1) {
        for (let c = Math.max(0, col - MERGE_CELLS); c <= Math.min(cols - 1, col + MERGE_CELLS); c += 1) {
          const near = r * cols + c;
          if (unexplained[near] === 1 && seen[near] === 0) {
            seen[near] = 1;
            stack.push(near);
          }
        }
      }
    }
    const cells = { x0: c0 * CELL, y0: r0 * CELL, x1: (c1 + 1) * CELL, y1: (r1 + 1) * CELL };
    regions.push(clip(pad(cells, MARGIN), width, height));
  }
  return mergeRegions(regions);
}

function someCell(changes: CellChanges, box: Region, test: (cell: number) => boolean): boolean {
  const { cols, rows } = changes;
  const c1 = Math.min(cols - 1, Math.floor((box.x1 - 1) / CELL));
  const r1 = Math.min(rows - 1, Math.floor((box.y1 - 1) / CELL));
  for (let r = Math.max(0, Math.floor(box.y0 / CELL)); r <= r1; r += 1) {
    for (let c = Math.max(0, Math.floor(box.x0 / CELL)); c <= c1; c += 1) {
      if (test(r * cols + c)) return true;
    }
  }
  return false;
}

/** A line's box (frame pixels) in OCR pixels, moved up by `shift` OCR pixels. */
export function toRegion(box: Box, scale: number, shift = 0): Region {
  return {
    x0: Math.floor(box.x * scale),
    y0: Math.floor(box.y * scale) - shift,
    x1: Math.ceil((box.x + box.width) * scale),
    y1: Math.ceil((box.y + box.height) * scale) - shift,
  };
}

const pad = (r: Region, by: number): Region => ({ x0: r.x0 - by, y0: r.y0 - by, x1: r.x1 + by, y1: r.y1 + by });
const clip = (r: Region, width: number, height: number): Region => ({
  x0: Math.max(0, r.x0),
  y0: Math.max(0, r.y0),
  x1: Math.min(width, r.x1),
  y1: Math.min(height, r.y1),
});
const within = (r: Region, width: number, height: number): boolean => r.x0 >= 0 && r.y0 >= 0 && r.x1 <= width && r.y1 <= height;
const intersects = (a: Region, b: Region): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const sameRegions = (a: readonly Region[], b: readonly Region[]): boolean =>
  a.length === b.length && a.every((r, i) => r.x0 === b[i]?.x0 && r.y0 === b[i]?.y0 && r.x1 === b[i]?.x1 && r.y1 === b[i]?.y1);

/** Total area of disjoint regions. */
export function area(regions: readonly Region[]): number {
  return regions.reduce((sum, r) => sum + (r.x1 - r.x0) * (r.y1 - r.y0), 0);
}

/** Overlapping rectangles joined into their bounding boxes until none overlap; sorted top to bottom. */
function mergeRegions(regions: readonly Region[]): Region[] {
  const merged = regions.filter((r) => r.x1 > r.x0 && r.y1 > r.y0).map((r) => ({ ...r }));
  for (let joined = true; joined; ) {
    joined = false;
    for (let i = 0; i < merged.length && !joined; i += 1) {
      for (let j = i + 1; j < merged.length && !joined; j += 1) {
        const a = merged[i] as Region;
        const b = merged[j] as Region;
        if (!intersects(a, b)) continue;
        merged[i] = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
        merged.splice(j, 1);
        joined = true;
      }
    }
  }
  return merged.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
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

/** White kept around the regions cut out, so no text touches the edge of what tesseract reads. */
const CUT_MARGIN = 8;

/** Pixels of an OCR image's rectangle, row by row. */
export interface Window {
  region: Region;
  pixels: Uint8Array;
}

/**
 * The regions cut out of the image onto white, within their bounding box and a white margin: tesseract
 * then reads only them, and its layout pass goes over that box instead of the whole frame.
 */
export function cutOut(image: Uint8Array, width: number, height: number, regions: readonly Region[]): Window {
  const bounds = {
    x0: Math.min(...regions.map((r) => r.x0)),
    y0: Math.min(...regions.map((r) => r.y0)),
    x1: Math.max(...regions.map((r) => r.x1)),
    y1: Math.max(...regions.map((r) => r.y1)),
  };
  const region = clip(pad(bounds, CUT_MARGIN), width, height);
  const cutWidth = region.x1 - region.x0;
  const pixels = new Uint8Array(cutWidth * (region.y1 - region.y0)).fill(255);
  for (const r of regions) {
    for (let y = r.y0; y < r.y1; y += 1) {
      pixels.set(image.subarray(y * width + r.x0, y * width + r.x1), (y - region.y0) * cutWidth + r.x0 - region.x0);
    }
  }
  return { region, pixels };
}

/** Blank rows kept either side of a split, so that no line of text is cut. */
const SPLIT_CLEARANCE = 4;
/** How far from the middle a split may move to find blank rows, as a share of the height. */
const SPLIT_REACH = 0.2;

/**
 * A row near the middle of the image with only blank rows around it (no text crosses it), where the image
 * can be read as two halves, one per worker; undefined when text or a picture fills the middle.
 */
export function blankSplit(image: Uint8Array, width: number, height: number): number | undefined {
  const known = new Int8Array(height).fill(-1);
  const blank = (y: number): boolean => {
    if (known[y] === -1) {
      let lo = 255;
      let hi = 0;
      for (let i = y * width, end = i + width; i < end; i += 1) {
        const value = image[i] as number;
        if (value < lo) lo = value;
        if (value > hi) hi = value;
      }
      known[y] = hi - lo < INK_RANGE ? 1 : 0;
    }
    return known[y] === 1;
  };
  const clear = (y: number): boolean => {
    for (let row = y - SPLIT_CLEARANCE; row <= y + SPLIT_CLEARANCE; row += 1) if (!blank(row)) return false;
    return true;
  };
  const middle = Math.round(height / 2);
  const reach = Math.min(Math.round(height * SPLIT_REACH), middle - SPLIT_CLEARANCE - 1);
  for (let offset = 0; offset <= reach; offset += 1) {
    if (clear(middle - offset)) return middle - offset;
    if (clear(middle + offset)) return middle + offset;
  }
  return undefined;
}

