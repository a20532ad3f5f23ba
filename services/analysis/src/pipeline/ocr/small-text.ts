/**
 * Text too small for tesseract at the frame's scale (a 13 px bold button label in a 1440 px wide recording)
 * is left out of a reading altogether: its ink is there, and no line covers it. Such patches, a line high
 * and wider than an icon, are enlarged and read again, stacked in one image so that one reading covers them
 * all. Coordinates are OCR pixels unless named.
 */
import { cellBlocks, WORD_NEIGHBOURS } from '../frame-math';
import type { Box } from '../types';
import { CELL, INK_RANGE, toRegion, type Region } from './incremental';
import { withBoxes, type OcrLine } from './tesseract-engine';

/** Patches taller than this are pictures or blocks of text, not a line; narrower ones are icons or a cursor. */
const MAX_PATCH_HEIGHT = 48;
const MIN_PATCH_WIDTH = 24;
/** A page with more unread patches than this is a picture or a chart: the largest are read, the rest left. */
const MAX_PATCHES = 24;
/** White around each patch, so that no glyph touches another patch or the edge. */
const PATCH_MARGIN = 6;
/** How much a patch is enlarged: tesseract reads 13 px text at 1.5x and better at 2x. */
export const ENLARGE = 2;

/**
 * Patches of ink no line covers, within `regions` when given (the part of the frame just read), as wide as
 * a word or more and a line high, largest first.
 */
export function unreadPatches(
  image: Uint8Array,
  width: number,
  height: number,
  lines: readonly OcrLine[],
  scale: number,
  regions?: readonly Region[],
): Region[] {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const ink = new Uint8Array(cols * rows);
  const mark = (
    area: Region,
    value: 0 | 1,
    test?: (cell: number, col: number, row: number) => boolean,
  ): void => {
    for (
      let row = Math.max(0, Math.floor(area.y0 / CELL));
      row < Math.min(rows, Math.ceil(area.y1 / CELL));
      row += 1
    ) {
      for (
        let col = Math.max(0, Math.floor(area.x0 / CELL));
        col < Math.min(cols, Math.ceil(area.x1 / CELL));
        col += 1
      ) {
        const cell = row * cols + col;
        if (!test || test(cell, col, row)) ink[cell] = value;
      }
    }
  };
  const inked = (_cell: number, col: number, row: number): boolean => {
    let lo = 255;
    let hi = 0;
    for (let y = row * CELL, yEnd = Math.min(height, y + CELL); y < yEnd; y += 1) {
      for (
        let i = y * width + col * CELL, end = y * width + Math.min(width, col * CELL + CELL);
        i < end;
        i += 1
      ) {
        const value = image[i] as number;
        if (value < lo) lo = value;
        if (value > hi) hi = value;
      }
    }
    return hi - lo >= INK_RANGE;
  };
  for (const region of regions ?? [{ x0: 0, y0: 0, x1: width, y1: height }]) mark(region, 1, inked);
  const read = lines.map((line) => toRegion(line.box, scale));
  for (const box of read) mark(box, 0);

  const patches = cellBlocks(ink, cols, rows, WORD_NEIGHBOURS)
    .map((block) => ({
      x0: block.x0 * CELL,
      y0: block.y0 * CELL,
      x1: (block.x1 + 1) * CELL,
      y1: (block.y1 + 1) * CELL,
      cells: block.cells,
    }))
    .filter((patch) => patch.y1 - patch.y0 <= MAX_PATCH_HEIGHT && patch.x1 - patch.x0 >= MIN_PATCH_WIDTH)
    // The rest of a line read in part (its words past the box tesseract gave it) is no text of its own.
    .filter((patch) => !read.some((box) => continues(box, patch)));
  return patches
    .sort((a, b) => b.cells - a.cells)
    .slice(0, MAX_PATCHES)
    .map(({ x0, y0, x1, y1 }) => ({
      x0: Math.max(0, x0 - PATCH_MARGIN),
      y0: Math.max(0, y0 - PATCH_MARGIN),
      x1: Math.min(width, x1 + PATCH_MARGIN),
      y1: Math.min(height, y1 + PATCH_MARGIN),
    }));
}

/** Within this many pixels of the end of a line, on the same row, a patch is more of that line. */
const LINE_GAP = 16;

function continues(line: Region, patch: Region): boolean {
  const shared = Math.min(line.y1, patch.y1) - Math.max(line.y0, patch.y0);
  const gap = Math.max(patch.x0 - line.x1, line.x0 - patch.x1);
  return shared >= (line.y1 - line.y0) / 2 && gap <= LINE_GAP;
}

/** The patches enlarged and stacked one under another on white, and where each went. */
export interface PatchStack {
  width: number;
  height: number;
  pixels: Uint8Array;
  /** Each patch and the row of the stack its enlarged copy starts at. */
  slots: Array<{ patch: Region; top: number }>;
}

export function stackPatches(image: Uint8Array, width: number, patches: readonly Region[]): PatchStack {
  const stackWidth = Math.max(...patches.map((patch) => (patch.x1 - patch.x0) * ENLARGE));
  const slots: PatchStack['slots'] = [];
  let top = 0;
  for (const patch of patches) {
    slots.push({ patch, top });
    top += (patch.y1 - patch.y0) * ENLARGE;
  }
  const pixels = new Uint8Array(stackWidth * top).fill(255);
  for (const { patch, top: slotTop } of slots) {
    const w = patch.x1 - patch.x0;
    const h = patch.y1 - patch.y0;
    for (let y = 0; y < h * ENLARGE; y += 1) {
      // Bilinear: the enlarged glyphs keep their shape instead of turning into blocks.
      const sy = Math.min(h - 1, y / ENLARGE);
      const y0 = Math.floor(sy);
      const y1 = Math.min(h - 1, y0 + 1);
      const fy = sy - y0;
      for (let x = 0; x < w * ENLARGE; x += 1) {
        const sx = Math.min(w - 1, x / ENLARGE);
        const x0 = Math.floor(sx);
        const x1 = Math.min(w - 1, x0 + 1);
        const fx = sx - x0;
        const at = (xx: number, yy: number): number =>
          image[(patch.y0 + yy) * width + patch.x0 + xx] as number;
        const top0 = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
        const bottom0 = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
        pixels[(slotTop + y) * stackWidth + x] = Math.round(top0 * (1 - fy) + bottom0 * fy);
      }
    }
  }
  return { width: stackWidth, height: top, pixels, slots };
}

/**
 * Lines read on the stack (boxes in stack pixels) moved back onto the frame (frame pixels, `scale` OCR pixels
 * each); a line across two slots, or outside every one, is dropped.
 */
export function linesFromStack(lines: readonly OcrLine[], stack: PatchStack, scale: number): OcrLine[] {
  const slotOf = (box: Box) =>
    stack.slots.find(
      ({ patch, top }) => box.y >= top - 1 && box.y + box.height <= top + (patch.y1 - patch.y0) * ENLARGE + 1,
    );
  const placed: OcrLine[] = [];
  for (const line of lines) {
    const slot = slotOf(line.box);
    if (!slot) continue;
    const back = (box: Box): Box => ({
      x: (slot.patch.x0 + box.x / ENLARGE) / scale,
      y: (slot.patch.y0 + (box.y - slot.top) / ENLARGE) / scale,
      width: box.width / ENLARGE / scale,
      height: box.height / ENLARGE / scale,
    });
    placed.push(withBoxes(line, back));
  }
  return placed;
}
