import {
  ActivityMap,
  changedBelowSameTop,
  changedFraction,
  dimmedOverlayPanel,
  verticalShift,
  type GrayFrame,
} from '../../src/pipeline/frame-math';
import { isScroll } from '../../src/pipeline/keyframes';

const WIDTH = 160;
const HEIGHT = 120;

/** A "page" of text-like stripes, seen through a viewport that starts at `offset`. */
function page(offset: number, stickyHeader = true): GrayFrame {
  const data = new Uint8Array(WIDTH * HEIGHT).fill(250);
  for (let y = 0; y < HEIGHT; y += 1) {
    const pageY = y + offset;
    for (let x = 0; x < WIDTH; x += 1) {
      const textRow = pageY % 14 < 5 && x > 10 && x < 20 + ((pageY * 37) % 120);
      if (textRow && (x + pageY) % 3 !== 0) data[y * WIDTH + x] = 30;
    }
  }
  if (stickyHeader) for (let i = 0; i < WIDTH * 10; i += 1) data[i] = 40;
  return { width: WIDTH, height: HEIGHT, data };
}

describe('frame math', () => {
  it('should measure the share of changed pixels', () => {
    expect(changedFraction(page(0), page(0))).toBe(0);
    expect(changedFraction(page(0), page(30))).toBeGreaterThan(0.05);
  });

  it('should stop counting changed pixels once their share reaches stopAt, and count exactly below it', () => {
    const [a, b] = [page(0), page(30)];
    const exact = changedFraction(a, b);
    expect(changedFraction(a, b, exact + 0.01)).toBe(exact);
    const stopped = changedFraction(a, b, exact / 4);
    expect(stopped).toBeGreaterThanOrEqual(exact / 4);
    expect(stopped).toBeLessThan(exact);
  });

  it('should compare frames whose pixels do not start on a word boundary the same way', () => {
    const unaligned = (frame: GrayFrame): GrayFrame => {
      const buffer = new Uint8Array(frame.data.length + 1);
      buffer.set(frame.data, 1);
      return { ...frame, data: buffer.subarray(1) };
    };
    const [a, b] = [page(0), page(24)];
    expect(changedFraction(unaligned(a), unaligned(b))).toBe(changedFraction(a, b));
    expect(verticalShift(unaligned(a), b)).toBe(24);
  });

  it('should recognise a scroll under a sticky header and give its offset', () => {
    expect(verticalShift(page(0), page(24))).toBe(24);
    expect(verticalShift(page(40), page(10))).toBe(-30);
  });

  it('should recognise a fling that moves a list further than a phone\'s bars leave both samples showing', () => {
    // A status bar on top and a tab bar below, with a list between them moved up by 64 of its 92 rows.
    const phone = (offset: number): GrayFrame => {
      const frame = page(offset, false);
      for (let i = 0; i < WIDTH * 8; i += 1) frame.data[i] = 60;
      for (let y = 100; y < HEIGHT; y += 1) for (let x = 0; x < WIDTH; x += 1) frame.data[y * WIDTH + x] = x % 40 < 20 ? 235 : 120;
      return frame;
    };
    expect(verticalShift(phone(0), phone(64))).toBe(64);
  });

  it('should not call a change of page a scroll', () => {
    const other = page(0);
    for (let i = WIDTH * 30; i < WIDTH * 90; i += 1) other.data[i] = (i * 7) % 255;
    expect(verticalShift(page(0), other)).toBe(0);
  });

  it('should find the centred panel of a modal over a dimmed page', () => {
    const before = page(0, false);
    const after: GrayFrame = { ...before, data: before.data.map((value) => Math.round(value * 0.45)) };
    for (let y = 40; y < 80; y += 1) for (let x = 50; x < 110; x += 1) after.data[y * WIDTH + x] = 255;
    const panel = dimmedOverlayPanel(before, after);
    expect(panel).toBeDefined();
    expect(panel?.x).toBeGreaterThanOrEqual(48);
    expect(panel?.x).toBeLessThanOrEqual(52);
    expect(panel?.width).toBeGreaterThanOrEqual(56);
    expect(panel?.width).toBeLessThanOrEqual(62);
    expect(panel?.y).toBeGreaterThanOrEqual(38);
    expect(panel?.height).toBeLessThanOrEqual(44);
  });

  it('should find a modal over a dark-themed page, whose backdrop only darkens a near-black page further', () => {
    // A #121212 page with light text; the backdrop keeps 30 % of it; the panel is a lighter grey card.
    const dark = (offset: number): GrayFrame => ({ ...page(offset, false), data: page(offset, false).data.map((value) => (value > 200 ? 18 : 210)) });
    const before = dark(0);
    const after: GrayFrame = { ...before, data: before.data.map((value) => Math.round(value * 0.3)) };
    for (let y = 40; y < 80; y += 1) for (let x = 50; x < 110; x += 1) after.data[y * WIDTH + x] = (x + y) % 9 === 0 ? 230 : 40;
    const panel = dimmedOverlayPanel(before, after);
    expect(panel).toBeDefined();
    expect(panel?.x).toBeGreaterThanOrEqual(46);
    expect(panel?.x).toBeLessThanOrEqual(52);
    expect(panel?.width).toBeLessThanOrEqual(66);
    expect(panel?.height).toBeLessThanOrEqual(46);
    // Another dark page is not a modal.
    expect(dimmedOverlayPanel(before, dark(37))).toBeUndefined();
  });

  it('should not take a new page with darker content for a modal', () => {
    const before = page(0, false);
    const after: GrayFrame = { ...before, data: before.data.map((_, i) => (i * 13) % 200) };
    expect(dimmedOverlayPanel(before, after)).toBeUndefined();
  });

  it('should find a panel that is not centred: a bottom sheet, a drawer, a search panel under a header that stays', () => {
    const before = page(0);
    const dimmedWith = (panel: { x0: number; x1: number; y0: number; y1: number }, fromY = 0): GrayFrame => {
      const after: GrayFrame = { ...before, data: before.data.map((value, i) => (Math.floor(i / WIDTH) < fromY ? value : Math.round(value * 0.5))) };
      for (let y = panel.y0; y < panel.y1; y += 1) for (let x = panel.x0; x < panel.x1; x += 1) after.data[y * WIDTH + x] = (x * 3 + y) % 11 === 0 ? 40 : 255;
      return after;
    };
    const sheet = dimmedOverlayPanel(before, dimmedWith({ x0: 0, x1: WIDTH, y0: 70, y1: HEIGHT }));
    expect(sheet?.y).toBeGreaterThanOrEqual(66);
    expect(sheet?.width).toBeGreaterThanOrEqual(WIDTH - 4);
    const drawer = dimmedOverlayPanel(before, dimmedWith({ x0: 110, x1: WIDTH, y0: 0, y1: HEIGHT }));
    expect(drawer?.x).toBeGreaterThanOrEqual(106);
    expect(drawer?.height).toBeGreaterThanOrEqual(HEIGHT - 4);
    // The header (10 rows) is neither dimmed nor covered; the panel hangs under it.
    const search = dimmedOverlayPanel(before, dimmedWith({ x0: 0, x1: WIDTH, y0: 10, y1: 75 }, 10));
    expect(search?.y).toBeLessThanOrEqual(14);
    expect(search?.height).toBeLessThanOrEqual(70);
  });

  it('should find a sheet that covers all but a thin strip of the page under its header, with content darker than the page', () => {
    const before = page(0);
    const after: GrayFrame = { ...before, data: before.data.map((value, i) => (Math.floor(i / WIDTH) < 10 ? value : Math.round(value * 0.5))) };
    // The sheet from row 18 down: text, chips and a chart in many greys, all darker than the page they cover.
    for (let y = 18; y < HEIGHT; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) after.data[y * WIDTH + x] = y % 9 === 0 || (x * 3 + y) % 29 === 0 ? 40 + ((x * 7 + y * 13) % 160) : 255;
    }
    const sheet = dimmedOverlayPanel(before, after);
    expect(sheet?.y).toBeGreaterThanOrEqual(14);
    expect(sheet?.height).toBeGreaterThanOrEqual(HEIGHT - 22);
  });

  it('should not take a new page with a flat grey background around a white card for a modal', () => {
    const before: GrayFrame = { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT).fill(250) };
    const after: GrayFrame = { ...before, data: before.data.map(() => 125) };
    for (let y = 30; y < 90; y += 1) for (let x = 40; x < 120; x += 1) after.data[y * WIDTH + x] = (x + y) % 7 === 0 ? 30 : 255;
    expect(dimmedOverlayPanel(before, after)).toBeUndefined();
  });

  it('should tell content switched under the same heading and tabs from a move to another page', () => {
    const before = page(0, false);
    const switched: GrayFrame = { ...before, data: Uint8Array.from(before.data) };
    const below = page(57, false);
    switched.data.set(below.data.subarray(WIDTH * 50), WIDTH * 50);
    expect(changedBelowSameTop(before, switched)).toBe(true);
    // Another page under the same header: its heading, right under the header, changed.
    const other = page(0);
    other.data.set(page(57).data.subarray(WIDTH * 12), WIDTH * 12);
    expect(changedBelowSameTop(page(0), other)).toBe(false);
  });

  it('should find the screen of a phone shown on a desk: the tall box where the video changes', () => {
    // A desk (light), a bezel (black) from x 60..100, y 5..115, the screen inside it at x 64..96, y 12..108.
    const still = (variant: number): GrayFrame => {
      const data = new Uint8Array(WIDTH * HEIGHT).fill(220);
      for (let y = 5; y < 115; y += 1) for (let x = 60; x < 100; x += 1) data[y * WIDTH + x] = 10;
      for (let y = 12; y < 108; y += 1) {
        for (let x = 64; x < 96; x += 1) data[y * WIDTH + x] = y > 16 && (x * 7 + y * 3 + variant * 11) % 5 === 0 ? 30 : 250;
      }
      return { width: WIDTH, height: HEIGHT, data };
    };
    const map = new ActivityMap();
    let previous = still(0);
    for (let i = 1; i <= 8; i += 1) {
      const next = still(i);
      // A cursor crossing the desk once changes a few pixels there.
      next.data[40 * WIDTH + 10 + i] = 0;
      map.add(previous, next);
      previous = next;
    }
    const screen = map.deviceScreen(previous);
    expect(screen).toBeDefined();
    expect(screen?.x).toBeGreaterThanOrEqual(63);
    expect(screen?.x).toBeLessThanOrEqual(65);
    expect(screen?.width).toBeGreaterThanOrEqual(30);
    expect(screen?.width).toBeLessThanOrEqual(34);
    expect(screen?.y).toBeGreaterThanOrEqual(11);
    expect(screen?.y).toBeLessThanOrEqual(18);
    expect((screen?.y ?? 0) + (screen?.height ?? 0)).toBeGreaterThanOrEqual(106);
  });

  it('should see no device when the whole frame changes', () => {
    const map = new ActivityMap();
    for (let i = 0; i < 6; i += 1) map.add(page(i * 7), page(i * 7 + 20));
    expect(map.deviceScreen(page(0))).toBeUndefined();
  });
});

describe('scroll bursts', () => {
  it('should take shifts one way for a scroll, with a fling between them, and nothing else', () => {
    expect(isScroll(['down'])).toBe(true);
    expect(isScroll(['down', 'jump', 'down'])).toBe(true);
    expect(isScroll(['up', 'jump', 'jump', 'up', 'up'])).toBe(true);
    // A change of page, alone or with its entrance animation, is no scroll.
    expect(isScroll([])).toBe(false);
    expect(isScroll(['jump'])).toBe(false);
    expect(isScroll(['jump', 'down'])).toBe(false);
    expect(isScroll(['down', 'jump'])).toBe(false);
    expect(isScroll(['down', 'jump', 'up'])).toBe(false);
  });
});
