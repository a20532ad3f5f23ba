import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { createOcrUnderstander } from '../../src/pipeline';
import {
  blankSplit,
  clearerReading,
  cutOut,
  compareCells,
  doubtfulRegions,
  planRead,
  thumbnail,
  thumbnailDistance,
  type Region,
} from '../../src/pipeline/ocr/incremental';
import type { Box, KeyFrame } from '../../src/pipeline/types';
import { findFont } from '../fixtures/synthetic-video';

const run = promisify(execFile);
const W = 320;
const H = 200;

function image(fill: number): Uint8Array {
  return new Uint8Array(W * H).fill(fill);
}

function paintRows(target: Uint8Array, y0: number, y1: number, value: number, x0 = 0, x1 = W): void {
  for (let y = y0; y < y1; y += 1) target.fill(value, y * W + x0, y * W + x1);
}

/** A line of "text": a speckle that is the line's own (by seed) and moves with it. */
function paintText(target: Uint8Array, box: Box, seed: number): void {
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const hash = Math.imul(x * 374761393 + y * 668265263 + seed * 2147483647, 1274126177) >>> 0;
      if ((hash >>> 13) % 3 === 0) target[(box.y + y) * W + box.x + x] = 20;
    }
  }
}

interface TestLine {
  box: Box;
  name: string;
}

const textLine = (name: string, x: number, y: number, width = 100, height = 12): TestLine => ({ name, box: { x, y, width, height } });
const moveUp = (line: TestLine, up: number): TestLine => ({ ...line, box: { ...line.box, y: line.box.y - up } });

function draw(lines: readonly TestLine[]): Uint8Array {
  const out = image(250);
  lines.forEach((line) => paintText(out, line.box, [...line.name].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7)));
  return out;
}

const inside = (region: Region, box: Box): boolean =>
  region.x0 <= box.x && region.y0 <= box.y && region.x1 >= box.x + box.width && region.y1 >= box.y + box.height;

describe('incremental OCR plan', () => {
  it('should read nothing and keep every line between identical images or under JPEG-sized noise', () => {
    const lines = [textLine('Order history', 10, 20), textLine('Shipping', 10, 60)];
    const a = draw(lines);
    const noisy = a.map((value, i) => Math.max(0, value - (i % 7) * 4));
    for (const b of [a, noisy]) {
      const plan = planRead(compareCells(a, b, W, H), lines, 1, moveUp);
      expect(plan).toEqual({ regions: [], kept: lines });
    }
  });

  it('should read only the area around a change, widened over the line it touches, and keep the rest', () => {
    const title = textLine('Title', 10, 10);
    const field = textLine('Deliv', 150, 100, 60);
    const side = textLine('Sidebar entry', 10, 100, 100);
    const before = draw([title, field, side]);
    const after = draw([title, textLine('Delivery', 150, 100, 110), side]);
    const plan = planRead(compareCells(before, after, W, H), [title, field, side], 1, moveUp);
    expect(plan?.kept).toEqual([title, side]);
    expect(plan?.regions).toHaveLength(1);
    const region = plan?.regions[0] as Region;
    expect(inside(region, field.box)).toBe(true);
    expect(inside(region, { x: 150, y: 100, width: 110, height: 12 })).toBe(true);
    // Not the whole row: the sidebar entry beside the field is not read again.
    expect(region.x0).toBeGreaterThan(side.box.x + side.box.width);
  });

  it('should give up when nearly the whole frame changed', () => {
    const before = draw([textLine('One', 0, 0, W, H)]);
    const after = draw([textLine('Two', 0, 0, W, H)]);
    expect(planRead(compareCells(before, after, W, H), [], 1, moveUp)).toBeUndefined();
  });

  it('should carry lines over a scroll, keep the fixed header and sidebar, and read only the revealed rows', () => {
    const shift = 36;
    const header = textLine('Header', 100, 6, 200, 12);
    const sidebar = textLine('Menu', 4, 60, 60, 12);
    const content = [30, 60, 90, 120, 150, 180].map((y, i) => textLine(`Row ${i}`, 100, y, 180, 12));
    /** The header is an opaque bar over the top 24 rows: content scrolls under it. */
    const page = (lines: readonly TestLine[]): Uint8Array => {
      const out = draw([sidebar, ...lines]);
      paintRows(out, 0, 24, 230, 80);
      paintText(out, header.box, 99);
      return out;
    };
    const before = page(content);
    // The content column scrolled by 36 px: row 0 went under the header, a new row came in at the bottom.
    const scrolled = content.map((line) => moveUp(line, shift)).filter((line) => line.box.y >= 24);
    const revealed = textLine('Row 6', 100, 180, 180, 12);
    const after = page([...scrolled, revealed]);
    const lines = [header, sidebar, ...content];

    // Compared in place, every row of the content column changed and would be read again.
    expect(planRead(compareCells(before, after, W, H), lines, 1, moveUp)?.kept).toEqual([header, sidebar]);
    const plan = planRead(compareCells(before, after, W, H, shift), lines, 1, moveUp);
    // The last carried row borders the revealed band and may be read again with it; the rest are carried.
    expect(plan?.kept.slice(0, 6)).toEqual([header, sidebar, ...scrolled.slice(0, 4)]);
    const read = plan?.regions ?? [];
    expect(read.some((region) => inside(region, revealed.box))).toBe(true);
    expect(read.every((region) => region.y0 >= 140)).toBe(true);
  });

  it('should cut the regions out onto white within their bounding box and a margin', () => {
    const dark = image(0);
    const { region, pixels } = cutOut(dark, W, H, [
      { x0: 10, y0: 20, x1: 50, y1: 30 },
      { x0: 60, y0: 40, x1: 70, y1: 45 },
    ]);
    expect(region).toEqual({ x0: 2, y0: 12, x1: 78, y1: 53 });
    const at = (x: number, y: number): number | undefined => pixels[(y - region.y0) * (region.x1 - region.x0) + x - region.x0];
    expect(at(10, 19)).toBe(255);
    expect(at(9, 20)).toBe(255);
    expect(at(10, 20)).toBe(0);
    expect(at(49, 29)).toBe(0);
    expect(at(50, 29)).toBe(255);
    expect(at(10, 30)).toBe(255);
    expect(at(60, 40)).toBe(0);
    expect(at(65, 35)).toBe(255);
    expect(pixels).toHaveLength(76 * 41);
  });

  it('should split a frame read whole at the blank rows nearest its middle, and not across text or a picture', () => {
    const page = image(255);
    for (const y of [10, 40, 70, 96, 118, 150]) paintText(page, { x: 20, y, width: 200, height: 12 }, y);
    // Text at 96-108 covers the middle (100); the nearest gap with blank rows around it is 82-96 (108-118 is further).
    const split = blankSplit(page, W, H);
    expect(split).toBeGreaterThanOrEqual(82 + 4);
    expect(split).toBeLessThan(96 - 4);
    const picture = Uint8Array.from(page);
    for (let y = 50; y < 160; y += 1) for (let x = 0; x < W; x += 1) picture[y * W + x] = (x * 3 + y * 5) % 200;
    expect(blankSplit(picture, W, H)).toBeUndefined();
  });

  it('should rank a nearly equal image closer than a different one by thumbnail', () => {
    const a = image(255);
    paintRows(a, 20, 40, 0);
    const nearly = Uint8Array.from(a);
    paintRows(nearly, 150, 152, 0, 0, 30);
    const other = image(255);
    paintRows(other, 120, 180, 0);
    const thumb = thumbnail(a, W, H);
    expect(thumbnailDistance(thumb, thumbnail(nearly, W, H))).toBeLessThan(thumbnailDistance(thumb, thumbnail(other, W, H)));
  });
});

describe('reading what the cursor covered from the screen at rest', () => {
  interface ReadTestLine extends TestLine {
    words: Array<{ text: string; confidence: number }>;
  }
  const read = (text: string, x: number, y: number, confidences: number[]): ReadTestLine => ({
    ...textLine(text, x, y, 120),
    words: text.split(' ').map((word, i) => ({ text: word, confidence: confidences[i] ?? 90 })),
  });
  const region = (x0: number, y0: number, x1: number, y1: number): Region => ({ x0, y0, x1, y1 });

  it('should doubt only the changed parts of the frame whose reading has a word barely read', () => {
    const heading = read('Linen Overshirt', 10, 10, [96, 95]);
    const garbled = read('Add fee', 10, 100, [96, 44]);
    const typed = read('jane@example.com', 160, 150, [91]);
    const plan = { regions: [region(0, 95, 140, 120), region(150, 145, 300, 170), region(200, 20, 260, 40)], kept: [heading] };
    expect(doubtfulRegions([heading, garbled, typed], plan, 1)).toEqual([region(0, 95, 140, 120)]);
  });

  it('should take the earlier reading of a label the cursor garbled, and keep the frame\'s elsewhere', () => {
    const heading = read('Linen Overshirt', 10, 10, [96, 95]);
    const garbled = read('Add fee', 10, 100, [96, 44]);
    const clean = read('Add to Cart', 12, 98, [92, 93, 96]);
    const lines = clearerReading([heading, garbled], [region(0, 95, 140, 120)], [clean], 1);
    expect(lines.map((line) => line.name)).toEqual(['Linen Overshirt', 'Add to Cart']);
  });

  it('should keep the frame\'s reading where the earlier picture says something else or no more', () => {
    const typed = read('jane@example.com', 160, 150, [91]);
    const placeholder = read('you@example.com', 160, 150, [93]);
    expect(clearerReading([typed], [region(150, 145, 300, 170)], [placeholder], 1)).toEqual([typed]);
    const half = read('Place 0rder', 10, 100, [95, 50]);
    const alsoHalf = read('Place 0rdor', 10, 100, [95, 58]);
    expect(clearerReading([half], [region(0, 95, 140, 120)], [alsoHalf], 1)).toEqual([half]);
  });
});

describe('createOcrUnderstander on frames that repeat each other', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'incremental-ocr-'));
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Lines 90 px apart from y=80, moved up by `scroll`, under a fixed header bar when one is named; a cursor (a
   * dark block with a white rim) at `cursor`.
   */
  async function render(
    name: string,
    lines: string[],
    page: { scroll?: number; header?: string; cursor?: { x: number; y: number } } = {},
  ): Promise<KeyFrame> {
    const font = findFont();
    const text = (value: string, x: number, y: number): string => `drawtext=fontfile=${font}:text='${value}':x=${x}:y=${y}:fontsize=30:fontcolor=0x111111`;
    const { cursor } = page;
    const draw = [
      ...lines.map((value, i) => text(value, 80, 80 + i * 90 - (page.scroll ?? 0))),
      ...(page.header ? ['drawbox=x=0:y=0:w=1280:h=64:color=0xe2e8f0:t=fill', text(page.header, 40, 16)] : []),
      ...(cursor
        ? [`drawbox=x=${cursor.x}:y=${cursor.y}:w=22:h=34:color=white:t=fill`, `drawbox=x=${cursor.x + 2}:y=${cursor.y + 2}:w=18:h=30:color=black:t=fill`]
        : []),
    ].join(',');
    const imagePath = path.join(dir, `${name}.jpg`);
    await run(ffmpegInstaller.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white:s=1280x720:d=1', '-vf', draw, '-frames:v', '1', '-q:v', '3', imagePath]);
    return { index: 0, timeSec: 0, startSec: 0, endSec: 1, imagePath, width: 1280, height: 720, scrolledFromPrevious: false, changedRegions: [] };
  }

  it('should read a frame that differs in one line the same as reading it alone', async () => {
    const first = await render('first', ['Order history', 'Shipping address', 'Payment method', 'Gift wrapping']);
    const changed = await render('changed', ['Order history', 'Shipping address', 'Delivery window', 'Gift wrapping']);
    const frames = [first, { ...changed, index: 1 }, { ...first, index: 2 }];

    const incremental = createOcrUnderstander({ workers: 1 });
    const alone = createOcrUnderstander({ workers: 1 });
    try {
      const [readFirst, readChanged, readAgain] = await incremental.understand(frames);
      const [changedAlone] = await alone.understand([changed]);
      expect(readChanged?.words).toEqual(expect.arrayContaining(['delivery', 'window', 'order', 'history', 'gift']));
      expect(readChanged?.words).not.toContain('payment');
      expect(new Set(readChanged?.words)).toEqual(new Set(changedAlone?.words));
      expect(readAgain?.words).toEqual(readFirst?.words);
    } finally {
      await incremental.close?.();
      await alone.close?.();
    }
  }, 60_000);

  it('should read a label the cursor rests on in the key frame from the picture of the screen at rest', async () => {
    const lines = ['Linen Overshirt', 'Free shipping over 50 dollars', 'Add to Cart'];
    const clicked = await render('clicked', lines, { cursor: { x: 140, y: 258 } });
    const atRest = await render('at-rest', lines, { cursor: { x: 900, y: 600 } });
    const understander = createOcrUnderstander({ workers: 1 });
    try {
      const [alone] = await understander.understand([clicked]);
      // Where the cursor was when the screen came to rest, and where it is as the label is clicked.
      const changedRegions = [
        { x: 900, y: 600, width: 22, height: 34 },
        { x: 140, y: 258, width: 22, height: 34 },
      ];
      const asked: number[] = [];
      const restImage = (index: number): Promise<string> => {
        asked.push(index);
        return Promise.resolve(atRest.imagePath);
      };
      const [withRest] = await understander.understand([{ ...clicked, changedRegions, restSec: 0.5 }], { restImage });
      expect(asked).toEqual([0]);
      // A key frame that reads whole where it changed needs no earlier picture.
      await understander.understand([{ ...atRest, changedRegions, restSec: 0.5 }], { restImage });
      expect(asked).toEqual([0]);
      // The cursor hides the label's middle: read alone, the key frame garbles it.
      expect(alone?.words).not.toContain('to');
      expect(withRest?.words).toEqual(expect.arrayContaining(['linen', 'overshirt', 'add', 'to', 'cart']));
    } finally {
      await understander.close?.();
    }
  }, 60_000);

  it('should read a scrolled frame under a fixed header the same as reading it alone', async () => {
    const rows = ['Invoice 1001 paid', 'Invoice 1002 overdue', 'Invoice 1003 draft', 'Invoice 1004 paid', 'Invoice 1005 void', 'Invoice 1006 sent', 'Invoice 1007 paid', 'Invoice 1008 draft', 'Invoice 1009 sent'];
    const top = await render('top', rows, { header: 'Billing' });
    const scrolled = await render('scrolled', rows, { header: 'Billing', scroll: 120 });

    const incremental = createOcrUnderstander({ workers: 1 });
    const alone = createOcrUnderstander({ workers: 1 });
    try {
      const [, readScrolled] = await incremental.understand([top, { ...scrolled, index: 1 }]);
      const [scrolledAlone] = await alone.understand([scrolled]);
      expect(readScrolled?.words).toEqual(expect.arrayContaining(['billing', '1003', '1008', '1009']));
      // 1001 went under the header and 1002 half under it: neither may be carried over whole from the first read;
      // 1009 came into view.
      expect(readScrolled?.words).not.toContain('1001');
      expect(new Set(readScrolled?.words)).toEqual(new Set(scrolledAlone?.words));
    } finally {
      await incremental.close?.();
      await alone.close?.();
    }
  }, 60_000);
});
