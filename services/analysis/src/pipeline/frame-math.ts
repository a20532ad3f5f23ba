/** Pixel arithmetic on small grayscale frames: how much changed, did the page scroll, is a modal dimming it. */

export interface GrayFrame {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A pixel counts as changed past this absolute difference (compression noise stays well under it). */
const PIXEL_DELTA = 20;
/** Mean absolute difference under which two sample rows show the same content. */
const ROW_MATCH = 9;
/** Smaller offsets are indistinguishable from compression noise and focus rings. */
const MIN_SHIFT = 3;
/** Row edge energy of text or outlines, as opposed to flat or gradient bands. */
const TEXTURED = 4;
/** How far a dimmed pixel may stray from the overlay's uniform darkening. */
const DIM_TOLERANCE = 16;

/** The bytes as 32-bit words, four pixels each, when they lie on a word boundary. */
function wordsOf(data: Uint8Array): Uint32Array | undefined {
  return data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2) : undefined;
}

/**
 * Calls `visit(i, x, y)` for every pixel whose brightness moved noticeably from `a` to `b`, in order, or
 * for the first `limit` of them. Consecutive samples of a recording share nearly all their pixels exactly:
 * four of them are compared at once, and only words that differ are looked into.
 */
function forEachChanged(a: GrayFrame, b: GrayFrame, visit: (i: number, x: number, y: number) => void, limit = Infinity): void {
  const { width } = a;
  const n = Math.min(a.data.length, b.data.length);
  const wordsA = wordsOf(a.data);
  const wordsB = wordsOf(b.data);
  const words = wordsA && wordsB ? n >> 2 : 0;
  // Changed pixels come in order: the row they lie in only moves forward.
  let y = 0;
  let rowStart = 0;
  let visits = 0;
  const check = (i: number): void => {
    const delta = (a.data[i] as number) - (b.data[i] as number);
    if (delta <= PIXEL_DELTA && delta >= -PIXEL_DELTA) return;
    while (i >= rowStart + width) {
      rowStart += width;
      y += 1;
    }
    visits += 1;
    visit(i, i - rowStart, y);
  };
  for (let w = 0; w < words && visits < limit; w += 1) {
    if ((wordsA as Uint32Array)[w] === (wordsB as Uint32Array)[w]) continue;
    const i = w << 2;
    check(i);
    check(i + 1);
    check(i + 2);
    check(i + 3);
  }
  for (let i = words << 2; i < n && visits < limit; i += 1) check(i);
}

/**
 * Share of pixels whose brightness moved noticeably between two frames of the same size. Counting stops
 * once the share reaches `stopAt`: past it, the answer is only known not to be smaller.
 */
export function changedFraction(a: GrayFrame, b: GrayFrame, stopAt = Infinity): number {
  let changed = 0;
  forEachChanged(
    a,
    b,
    () => {
      changed += 1;
    },
    Math.ceil(stopAt * a.data.length),
  );
  return changed / a.data.length;
}

/** How many pixels changed in each column and each row, and in all. */
function changedProfile(a: GrayFrame, b: GrayFrame): { columns: Uint32Array; rows: Uint32Array; total: number } {
  const columns = new Uint32Array(a.width);
  const rows = new Uint32Array(a.height);
  let total = 0;
  forEachChanged(a, b, (_i, x, y) => {
    columns[x] = (columns[x] as number) + 1;
    rows[y] = (rows[y] as number) + 1;
    total += 1;
  });
  return { columns, rows, total };
}

/** The span of a histogram (first and last index) holding all but a sliver of its `total`: 1% cut at each end. */
function trimmedSpan(histogram: Uint32Array, total: number): [number, number] {
  let low = 0;
  let high = histogram.length - 1;
  let cut = 0;
  while (low < high && cut + (histogram[low] as number) <= total * 0.01) cut += histogram[low++] as number;
  cut = 0;
  while (high > low && cut + (histogram[high] as number) <= total * 0.01) cut += histogram[high--] as number;
  return [low, high];
}

const contains = (box: PixelBox, x: number, y: number): boolean =>
  x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

/** Side of the cells blocks are looked for in: coarse enough that a word's letters or a panel's text are one block. */
const CELL = 4;

/** A panel's cells join at their sides. */
const SIDE_NEIGHBOURS = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;
/** A typed word's cells join at sides and corners, and across one empty cell of a row: its letters are one block. */
export const WORD_NEIGHBOURS = [-1, 0, 1].flatMap((dy) => [-2, -1, 0, 1, 2].map((dx) => [dx, dy] as const));

/** A connected block of cells: its bounds in cells (inclusive) and how many cells it holds. */
export interface CellBlock {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cells: number;
}

/**
 * The connected blocks of the set cells of a `cw` x `ch` grid, in the order of their first cell; `neighbours`
 * are the offsets that join two cells.
 */
export function cellBlocks(set: Uint8Array, cw: number, ch: number, neighbours: ReadonlyArray<readonly [number, number]>): CellBlock[] {
  const seen = new Uint8Array(cw * ch);
  const blocks: CellBlock[] = [];
  for (let start = 0; start < cw * ch; start += 1) {
    if (!set[start] || seen[start]) continue;
    const block: CellBlock = { x0: cw, y0: ch, x1: 0, y1: 0, cells: 0 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const index = stack.pop() as number;
      const cx = index % cw;
      const cy = Math.floor(index / cw);
      block.x0 = Math.min(block.x0, cx);
      block.x1 = Math.max(block.x1, cx);
      block.y0 = Math.min(block.y0, cy);
      block.y1 = Math.max(block.y1, cy);
      block.cells += 1;
      for (const [dx, dy] of neighbours) {
        const nx = cx + dx;
        const ny = cy + dy;
        if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue;
        const next = ny * cw + nx;
        if (!set[next] || seen[next]) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    blocks.push(block);
  }
  return blocks;
}

interface RowStats {
  /** Rows with visible structure (text, edges, images); blank rows match anything and prove nothing. */
  busy: boolean[];
  energy: Float64Array;
  mean: Float64Array;
}

interface Span {
  x0: number;
  x1: number;
}

function rowStats(frame: GrayFrame, span: Span): RowStats {
  const { width, height, data } = frame;
  const energy = new Float64Array(height);
  const mean = new Float64Array(height);
  const columns = Math.max(1, span.x1 - span.x0);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let left = data[row + span.x0] as number;
    let sum = left;
    let edges = 0;
    for (let i = row + span.x0 + 1, end = row + span.x1; i < end; i += 1) {
      const value = data[i] as number;
      sum += value;
      edges += value > left ? value - left : left - value;
      left = value;
    }
    energy[y] = edges / columns;
    mean[y] = sum / columns;
  }
  // The page background is the most common row brightness; rows far from it hold images or panels.
  const background = mean.slice().sort()[Math.floor(height / 2)] ?? 255;
  const busy = Array.from({ length: height }, (_, y) => (energy[y] as number) > 1.5 || Math.abs((mean[y] as number) - background) > 20);
  return { busy, energy, mean };
}

function rowDiff(a: GrayFrame, ya: number, b: GrayFrame, yb: number, span: Span): number {
  const { width } = a;
  let sum = 0;
  let count = 0;
  const ra = ya * width;
  const rb = yb * width;
  for (let x = span.x0; x < span.x1; x += 2) {
    sum += Math.abs((a.data[ra + x] ?? 0) - (b.data[rb + x] ?? 0));
    count += 1;
  }
  return count > 0 ? sum / count : 0;
}

/** Whether `rowDiff` is under `limit`, stopping as soon as the sum shows it is not. */
function rowDiffBelow(a: GrayFrame, ya: number, b: GrayFrame, yb: number, span: Span, limit: number): boolean {
  const { width } = a;
  const ra = ya * width;
  const rb = yb * width;
  const count = Math.ceil((span.x1 - span.x0) / 2);
  if (count <= 0) return limit > 0;
  const most = limit * count;
  let sum = 0;
  for (let x = span.x0; x < span.x1; x += 2) {
    sum += Math.abs((a.data[ra + x] as number) - (b.data[rb + x] as number));
    if (sum >= most) return false;
  }
  return true;
}

/** The columns that changed: a scroll moves the content area, never a static sidebar beside it. */
function changedSpan(a: GrayFrame, b: GrayFrame): Span | undefined {
  const { width } = a;
  const changedInColumn = new Uint16Array(width);
  forEachChanged(a, b, (_i, x) => {
    changedInColumn[x] = (changedInColumn[x] as number) + 1;
  });
  let x0 = width;
  let x1 = -1;
  for (let x = 0; x < width; x += 1) {
    if ((changedInColumn[x] as number) < 2) continue;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
  }
  return x1 - x0 >= width * 0.2 ? { x0, x1: x1 + 1 } : undefined;
}

/**
 * The vertical offset that maps `before` onto `after` when the page scrolled between them, or 0 when
 * the change is not a scroll. A sticky header or bottom bar that does not move is tolerated.
 */
export function verticalShift(before: GrayFrame, after: GrayFrame): number {
  const { height } = before;
  const span = changedSpan(before, after);
  if (!span) return 0;
  const statsA = rowStats(before, span);
  const statsB = rowStats(after, span);
  const maxShift = Math.floor(height * 0.85);
  // How each row differs from itself does not depend on the offset tried: measured once, when first needed.
  const inPlace = new Float64Array(height).fill(-1);
  const inPlaceDiff = (y: number): number => {
    if ((inPlace[y] as number) < 0) inPlace[y] = rowDiff(after, y, before, y, span);
    return inPlace[y] as number;
  };
  const bars = fixedBars(height, inPlaceDiff);
  // Cheap 1-D pass on row edge energy to shortlist offsets, then a 2-D check of the best few.
  const scored: Array<{ dy: number; score: number }> = [];
  const [energyA, energyB, meanA, meanB] = [statsA.energy, statsB.energy, statsA.mean, statsB.mean];
  for (let dy = -maxShift; dy <= maxShift; dy += 1) {
    if (dy > -MIN_SHIFT && dy < MIN_SHIFT) continue;
    // The rows y whose shifted row y + dy lies inside the frame, between its fixed bars.
    const y0 = Math.max(0, -dy, bars.top, bars.top - dy);
    const y1 = Math.min(height, height - dy, bars.bottom, bars.bottom - dy);
    let sum = 0;
    for (let y = y0; y < y1; y += 1) {
      sum += Math.abs((energyB[y] as number) - (energyA[y + dy] as number)) + 0.2 * Math.abs((meanB[y] as number) - (meanA[y + dy] as number));
    }
    const count = y1 - y0;
    if (count >= height * 0.15) scored.push({ dy, score: sum / count });
  }
  scored.sort((p, q) => p.score - q.score);
  for (const { dy } of scored.slice(0, 10)) {
    if (shiftExplainsChange(before, after, statsA, statsB, dy, span, inPlaceDiff, bars)) return dy;
  }
  return 0;
}

/**
 * The rows of the bars that stay put over a scroll: from the top and from the bottom, the rows that match where
 * they were (a phone's status bar and tab bar, a sticky header). The scrolled content lies between them.
 */
function fixedBars(height: number, inPlaceDiff: (y: number) => number): { top: number; bottom: number } {
  let top = 0;
  while (top < height && inPlaceDiff(top) < ROW_MATCH) top += 1;
  let bottom = height;
  while (bottom > top && inPlaceDiff(bottom - 1) < ROW_MATCH) bottom -= 1;
  return { top, bottom };
}

function shiftExplainsChange(
  before: GrayFrame,
  after: GrayFrame,
  statsA: RowStats,
  statsB: RowStats,
  dy: number,
  span: Span,
  inPlaceDiff: (y: number) => number,
  bars: { top: number; bottom: number },
): boolean {
  const { height } = before;
  // Rows scrolled from under a fixed bar, or onto one, are hidden by it: only the content between the bars shows
  // the shift (a fling moves a phone's list further than the part two samples both show outside its tab bar).
  const y0 = Math.max(0, -dy, bars.top, bars.top - dy);
  const y1 = Math.min(height, height - dy, bars.bottom, bars.bottom - dy);
  let busyRows = 0;
  let matchedShifted = 0;
  let matchedInPlace = 0;
  let texturedShifted = 0;
  let unmatched = 0;
  for (let y = y0; y < y1; y += 1) {
    // Most offsets tried are not the scroll: once even matching every row left could not reach the
    // share of changed rows a scroll needs (below), the answer is known.
    if (2 * (matchedShifted + y1 - y) < 3 * unmatched) return false;
    const ya = y + dy;
    if (!statsB.busy[y] && !statsA.busy[ya]) continue;
    busyRows += 1;
    const inPlace = inPlaceDiff(y);
    // A row that also matches where it was is static (a sticky bar) or featureless: no evidence of a scroll.
    if (inPlace < ROW_MATCH) {
      matchedInPlace += 1;
      continue;
    }
    // Scrolling rarely moves a whole number of sample rows: the neighbours of the target row count too.
    const limit = Math.min(ROW_MATCH * 1.6, inPlace * 0.5);
    const shifted =
      rowDiffBelow(after, y, before, ya, span, limit) ||
      (ya > 0 && rowDiffBelow(after, y, before, ya - 1, span, limit)) ||
      (ya < height - 1 && rowDiffBelow(after, y, before, ya + 1, span, limit));
    if (shifted) {
      matchedShifted += 1;
      // Text and edges that line up prove a scroll; flat colour bands line up with anything.
      if ((statsB.energy[y] ?? 0) > TEXTURED) texturedShifted += 1;
    } else unmatched += 1;
  }
  const changedRows = busyRows - matchedInPlace;
  // Busy rows enough to judge by: a tenth of the frame, or a third of what a far fling leaves both samples showing.
  if (busyRows < Math.min(height * 0.1, (y1 - y0) / 3) || texturedShifted < Math.max(5, height * 0.03)) return false;
  return matchedShifted >= changedRows * 0.6 && (matchedShifted + matchedInPlace) / busyRows >= 0.7;
}

/**
 * Below this brightness a pixel is black: a backdrop cannot make it darker, so it tells nothing. Dark
 * themes (a #121212 page) sit just above it, and their pixels count: their backdrop is a darkening too.
 */
const BLACK = 12;
/** Pixels at least this bright show the dimming factor clearly; darker ones follow it more loosely. */
const BRIGHT = 50;

/** Whether a pixel went from `a` to `b` as a backdrop of this factor would make it. */
function dimmedBy(a: number, b: number, factor: number): boolean {
  if (a >= BRIGHT) return b < a - 10 && Math.abs(b - factor * a) < DIM_TOLERANCE;
  return b <= a - 3 && Math.abs(b - factor * a) < DIM_TOLERANCE / 2;
}

/**
 * The part of the frame that changed, trimmed of the stray pixels (a cursor) that hold a sliver of the change:
 * a backdrop dims only the page it covers, not a sticky header above it or the desk around a phone.
 */
function changedArea(before: GrayFrame, after: GrayFrame): PixelBox | undefined {
  const { columns, rows, total } = changedProfile(before, after);
  // On a dark page a backdrop moves the background less than a pixel counts as changed: only its text does.
  if (total < before.width * before.height * 0.02) return undefined;
  const [x0, x1] = trimmedSpan(columns, total);
  const [y0, y1] = trimmedSpan(rows, total);
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * The factor a backdrop darkened the page by: the most common ratio among the pixels that got darker, when
 * most of them share it. A new page's pixels change every which way; a backdrop scales them all alike.
 */
function dimmingFactor(before: GrayFrame, after: GrayFrame, area: PixelBox): number | undefined {
  const { width } = before;
  const bins = new Uint32Array(50);
  let comparable = 0;
  let darker = 0;
  for (let y = area.y; y < area.y + area.height; y += 1) {
    for (let x = area.x; x < area.x + area.width; x += 1) {
      const a = before.data[y * width + x] as number;
      if (a < BRIGHT) continue;
      comparable += 1;
      const b = after.data[y * width + x] as number;
      if (b >= a - 10) continue;
      darker += 1;
      const bin = Math.min(49, Math.floor((b / a) * 50));
      bins[bin] = (bins[bin] as number) + 1;
    }
  }
  if (comparable === 0 || darker < comparable * 0.15) return undefined;
  const around = (bin: number): number => (bins[bin - 1] ?? 0) + (bins[bin] as number) + (bins[bin + 1] ?? 0);
  let peak = 0;
  for (let i = 1; i < 49; i += 1) if (around(i) > around(peak)) peak = i;
  const share = around(peak) / darker;
  const factor = (peak + 0.5) / 50;
  // A tall sheet leaves little of the page to dim, and its own content is darker than what it covers: a dimming
  // shared by fewer of the darker pixels still counts when it covers a good part of the frame (the backdrop
  // around the panel is checked pixel by pixel afterwards).
  const wide = around(peak) >= before.width * before.height * 0.04;
  return (share >= 0.5 || (wide && share >= 0.35)) && factor >= 0.2 && factor <= 0.85 ? factor : undefined;
}

/**
 * A panel opened over a dimmed page (a modal dialog, a bottom sheet, a drawer, a search panel under the
 * header): where the page changed, it got uniformly darker except in one block that did not. Returns that
 * block in frame pixels, or undefined.
 */
export function dimmedOverlayPanel(before: GrayFrame, after: GrayFrame): PixelBox | undefined {
  const { width, height } = before;
  const area = changedArea(before, after);
  if (!area) return undefined;
  const factor = dimmingFactor(before, after, area);
  if (factor === undefined) return undefined;
  const dimmed = new Uint8Array(width * height);
  for (let y = area.y; y < area.y + area.height; y += 1) {
    for (let x = area.x; x < area.x + area.width; x += 1) {
      const i = y * width + x;
      const a = before.data[i] as number;
      const b = after.data[i] as number;
      // Black stays black under a backdrop: it belongs to the backdrop unless it lit up.
      if (a < BLACK ? b <= a + 3 : dimmedBy(a, b, factor)) dimmed[i] = 1;
    }
  }
  // The panel: the largest connected block of cells that are mostly not dimmed.
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const open = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy += 1) {
    for (let cx = 0; cx < cw; cx += 1) {
      let pixels = 0;
      let lit = 0;
      for (let y = cy * CELL; y < Math.min(height, (cy + 1) * CELL); y += 1) {
        for (let x = cx * CELL; x < Math.min(width, (cx + 1) * CELL); x += 1) {
          if (!contains(area, x, y)) continue;
          pixels += 1;
          if (!dimmed[y * width + x]) lit += 1;
        }
      }
      if (pixels > 0 && lit > pixels * 0.5) open[cy * cw + cx] = 1;
    }
  }
  const largest = cellBlocks(open, cw, ch, SIDE_NEIGHBOURS).reduce<CellBlock | undefined>(
    (best, block) => (block.cells > (best?.cells ?? 0) ? block : best),
    undefined,
  );
  if (!largest) return undefined;
  const x = largest.x0 * CELL;
  const y = largest.y0 * CELL;
  const panel = { x, y, width: Math.min(width, (largest.x1 + 1) * CELL) - x, height: Math.min(height, (largest.y1 + 1) * CELL) - y };
  const tooSmall = panel.width < width * 0.15 || panel.height < height * 0.1;
  // A sheet may cover all but a strip of the page under the status bar.
  const tooBig = panel.width * panel.height > area.width * area.height * 0.95;
  if (tooSmall || tooBig) return undefined;
  // Around the panel the page must be the same page, only darker: new content there is not an overlay. Its
  // text and edges must show through: a flat darker colour is as much a new page's background as a backdrop.
  let outside = 0;
  let outsideDimmed = 0;
  let edges = 0;
  for (let y = area.y; y < area.y + area.height; y += 1) {
    for (let x = area.x; x < area.x + area.width; x += 1) {
      if (contains(panel, x, y)) continue;
      const i = y * width + x;
      const a = before.data[i] as number;
      if (a < BLACK) continue;
      outside += 1;
      if (!dimmed[i]) continue;
      outsideDimmed += 1;
      if (x + 1 < width && dimmed[i + 1] && Math.abs(a - (before.data[i + 1] as number)) > 24) edges += 1;
    }
  }
  const backdrop = outside > 0 && outsideDimmed / outside >= 0.8 && outsideDimmed >= width * height * 0.05;
  return backdrop && edges >= outsideDimmed * 0.005 ? panel : undefined;
}

/** Outside `panel`, did the frame stay the same? (A modal stays open while its content changes.) */
export function sameOutside(a: GrayFrame, b: GrayFrame, panel: PixelBox): boolean {
  const { width, height } = a;
  const overlap =
    Math.max(0, Math.min(width, panel.x + panel.width) - Math.max(0, panel.x)) *
    Math.max(0, Math.min(height, panel.y + panel.height) - Math.max(0, panel.y));
  const total = width * height - overlap;
  let changed = 0;
  forEachChanged(a, b, (_i, x, y) => {
    if (!contains(panel, x, y)) changed += 1;
  });
  return total > 0 && changed / total < 0.01;
}

/** Bounding boxes of clusters of changed pixels (e.g. text typed into a field), merged when close. */
export function changedBoxes(a: GrayFrame, b: GrayFrame, maxBoxes = 12): PixelBox[] {
  const { width, height } = a;
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const hot = new Uint8Array(cw * ch);
  forEachChanged(a, b, (_i, x, y) => {
    hot[Math.floor(y / CELL) * cw + Math.floor(x / CELL)] = 1;
  });
  const boxes = cellBlocks(hot, cw, ch, WORD_NEIGHBOURS).map(
    (block): PixelBox => ({ x: block.x0 * CELL, y: block.y0 * CELL, width: (block.x1 - block.x0 + 1) * CELL, height: (block.y1 - block.y0 + 1) * CELL }),
  );
  boxes.sort((p, q) => q.width * q.height - p.width * p.height);
  return boxes.slice(0, maxBoxes);
}

/**
 * Counts, per pixel, how often it changed between consecutive samples: over a whole video this is where
 * the product is (a phone's screen in a simulator window changes; the desk and the bezel never do).
 */
export class ActivityMap {
  private counts: Uint16Array | undefined;
  private width = 0;
  private height = 0;

  /** Counts the pixels that changed from `a` to `b`; returns their share, as `changedFraction` does. */
  add(a: GrayFrame, b: GrayFrame): number {
    if (!this.counts) {
      this.counts = new Uint16Array(a.width * a.height);
      this.width = a.width;
      this.height = a.height;
    }
    const counts = this.counts;
    let changed = 0;
    forEachChanged(a, b, (i) => {
      changed += 1;
      if ((counts[i] as number) < 65535) counts[i] = (counts[i] as number) + 1;
    });
    return changed / counts.length;
  }

  /**
   * The screen of a device shown inside a larger recording: a tall box, well narrower than the frame,
   * holding nearly all the change. A cursor's path changes pixels once or twice and does not count.
   */
  deviceScreen(last: GrayFrame | undefined): PixelBox | undefined {
    const counts = this.counts;
    if (!counts || !last) return undefined;
    const changed = Array.from(counts).filter((count) => count > 0).sort((p, q) => p - q);
    const busy = changed[Math.floor(changed.length * 0.9)] ?? 0;
    if (busy < 4) return undefined;
    const threshold = Math.max(2, Math.round(busy * 0.25));
    const { width, height } = this;
    const columns = new Uint32Array(width);
    const rows = new Uint32Array(height);
    let total = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if ((counts[y * width + x] ?? 0) < threshold) continue;
        columns[x] = (columns[x] ?? 0) + 1;
        rows[y] = (rows[y] ?? 0) + 1;
        total += 1;
      }
    }
    // The span holding all but a sliver of the active pixels on each axis.
    const [x0, x1] = trimmedSpan(columns, total);
    const [y0, y1] = trimmedSpan(rows, total);
    const box = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
    if (box.width > width * 0.5 || box.height < height * 0.5 || box.height < box.width * 1.3) return undefined;
    return growToBezel(last, box);
  }
}

/** Widens the active box to the screen's edges: out to where the frame turns into the dark bezel. */
function growToBezel(frame: GrayFrame, box: PixelBox): PixelBox {
  const { width, height, data } = frame;
  const columnMean = (x: number, y0: number, y1: number): number => {
    let sum = 0;
    for (let y = y0; y <= y1; y += 1) sum += data[y * width + x] ?? 0;
    return sum / Math.max(1, y1 - y0 + 1);
  };
  const rowMean = (y: number, x0: number, x1: number): number => {
    let sum = 0;
    for (let x = x0; x <= x1; x += 1) sum += data[y * width + x] ?? 0;
    return sum / Math.max(1, x1 - x0 + 1);
  };
  const dark = 45;
  const reach = Math.round(Math.max(width, height) * 0.05);
  let x0 = box.x;
  let x1 = box.x + box.width - 1;
  let y0 = box.y;
  let y1 = box.y + box.height - 1;
  for (let step = 0; step < reach && x0 > 0 && columnMean(x0 - 1, y0, y1) > dark; step += 1) x0 -= 1;
  for (let step = 0; step < reach && x1 < width - 1 && columnMean(x1 + 1, y0, y1) > dark; step += 1) x1 += 1;
  for (let step = 0; step < reach * 2 && y0 > 0 && rowMean(y0 - 1, x0, x1) > dark; step += 1) y0 -= 1;
  for (let step = 0; step < reach * 2 && y1 < height - 1 && rowMean(y1 + 1, x0, x1) > dark; step += 1) y1 += 1;
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * Did only the lower part of the picture change, below a top (heading, hero, tabs) that stayed as it was? A
 * tab or segmented control switching the content under the same heading does this; a move to another page
 * changes its heading, just under a header that may stay.
 */
export function changedBelowSameTop(before: GrayFrame, after: GrayFrame): boolean {
  const { width, height } = before;
  const { rows } = changedProfile(before, after);
  // Bands of a few rows, so that a cursor gliding over the top is not taken for a change of it.
  const band = Math.max(2, Math.round(height * 0.02));
  let top = height;
  for (let y0 = 0; y0 < height && top === height; y0 += 1) {
    let changed = 0;
    for (let y = y0; y < Math.min(height, y0 + band); y += 1) changed += rows[y] as number;
    if (changed > width * band * 0.03) top = y0;
  }
  if (top < height * 0.3 || top >= height * 0.9) return false;
  // A blank top matches anything: it must show text or edges to be the same heading and layout.
  const { energy } = rowStats(before, { x0: 0, x1: width });
  let textured = 0;
  for (let y = 0; y < top; y += 1) if ((energy[y] as number) > TEXTURED) textured += 1;
  return textured >= height * 0.08;
}
