import { understandPage, type VideoContext } from '../../src/pipeline/ocr/screen-layout';
import { breadcrumbTrail, detailName, nameScreen, type NamingEvidence } from '../../src/pipeline/ocr/screen-naming';
import type { OcrLine, OcrPage } from '../../src/pipeline/ocr/tesseract-engine';
import type { KeyFrame } from '../../src/pipeline';

/** A page under the highlighted section, with its own heading; every test states the breadcrumb it shows. */
function detailPage(extra: Partial<NamingEvidence> = {}): NamingEvidence {
  return {
    texts: [], elements: [], navCount: 0, heroHeading: false, isModal: false, isFirstFrame: false,
    activeNav: 'Inbox', heading: 'Refund not received for order 4471', ...extra,
  };
}

describe('detail screens below a navigation section', () => {
  it('should split a breadcrumb, also when OCR lost its separator', () => {
    expect(breadcrumbTrail('Inbox › #4471', 'Inbox')).toEqual(['Inbox', '#4471']);
    expect(breadcrumbTrail('Orders / Order 12 / Items', 'Orders')).toEqual(['Orders', 'Order 12', 'Items']);
    expect(breadcrumbTrail('Inbox #4471', 'Inbox')).toEqual(['Inbox', '#4471']);
    expect(breadcrumbTrail('Team members', 'Inbox')).toEqual(['Team members']);
  });

  it('should name the record by the word before its id, else the column its id was listed in, else the section', () => {
    expect(nameScreen(detailPage({ breadcrumb: 'Inbox > Ticket #4471' }))).toEqual({ name: 'Ticket Detail', source: 'navigation' });
    expect(detailName(detailPage({ breadcrumb: 'Inbox › #4471', knownIds: { 4471: 'Ticket' } }))).toBe('Ticket Detail');
    expect(detailName(detailPage({ activeNav: 'Tickets', breadcrumb: 'Tickets › #4471' }))).toBe('Ticket Detail');
    // One person of a list is their profile, as one thing is its detail.
    expect(detailName(detailPage({ activeNav: 'Customers', heading: 'Maria Lopez', breadcrumb: 'Customers / 88120' }))).toBe('Customer Profile');
    expect(detailName(detailPage({ breadcrumb: 'Inbox #4471' }))).toBe('Inbox Detail');
  });

  it('should take a record title as the last crumb for a detail page, a short label not', () => {
    const article = detailPage({ activeNav: 'Articles', heading: 'Resetting your password', breadcrumb: 'Articles / Resetting your password' });
    expect(detailName(article)).toBe('Article Detail');
    const team = detailPage({ activeNav: 'Settings', heading: 'Team members', breadcrumb: 'Settings › Team' });
    expect(nameScreen(team).name).toBe('Settings');
  });

  it('should keep the section name without a trail below it', () => {
    expect(nameScreen(detailPage()).name).toBe('Inbox');
    expect(nameScreen(detailPage({ breadcrumb: 'Tickets › #4471' })).name).toBe('Inbox');
    expect(nameScreen(detailPage({ heading: 'Inbox', breadcrumb: 'Inbox › #4471' })).name).toBe('Inbox');
    expect(nameScreen(detailPage({ breadcrumb: 'Updated 2 minutes ago' })).name).toBe('Inbox');
  });
});

describe('an app with a sidebar, read from the page', () => {
  const width = 1200;
  const height = 800;
  const entries = ['Inbox', 'Tickets', 'Customers', 'Reports', 'Settings'];

  interface Text {
    text: string;
    x: number;
    y: number;
    size: number;
  }

  /** One OCR line per text, words spaced like rendered type. */
  function lineOf({ text, x, y, size }: Text): OcrLine {
    let left = x;
    const words = text.split(' ').map((word) => {
      const box = { x: left, y, width: word.length * size * 0.55, height: size };
      left += box.width + size * 0.3;
      return { text: word, confidence: 95, box };
    });
    return { text, confidence: 95, box: { x, y, width: left - x, height: size }, words };
  }

  /**
   * A light page: the brand over a sidebar whose `selected` entry sits on a tinted pill and is set bold
   * (read a little larger), plus the page's own texts. `pills` paints other backgrounds (a tab bar).
   */
  function page(selected: string, texts: Text[], pills: Array<{ x: number; y: number; w: number; h: number; rgb: number }> = []): OcrPage {
    const rgb = new Uint8Array(width * height * 3).fill(250);
    const paint = (x0: number, y0: number, w: number, h: number, color: [number, number, number]): void => {
      for (let y = Math.round(y0); y < y0 + h; y += 1) {
        for (let x = Math.round(x0); x < x0 + w; x += 1) rgb.set(color, (y * width + x) * 3);
      }
    };
    const side: Text[] = entries.map((text, i) => ({ text, x: 24, y: 100 + i * 35, size: text === selected ? 16.5 : 13 }));
    side.filter((entry) => entry.text === selected).forEach((entry) => paint(12, entry.y - 8, 190, entry.size + 16, [205, 245, 252]));
    pills.forEach((pill) => paint(pill.x, pill.y, pill.w, pill.h, [pill.rgb, pill.rgb, pill.rgb]));
    const all = [{ text: 'Deskly', x: 24, y: 20, size: 18 }, ...side, ...texts];
    const lines = all.map(lineOf);
    // Ink: every third column of each word's box.
    for (const word of lines.flatMap((line) => line.words)) {
      for (let y = Math.round(word.box.y + 2); y < word.box.y + word.box.height - 2; y += 1) {
        for (let x = Math.round(word.box.x); x < word.box.x + word.box.width; x += 3) rgb.set([30, 30, 40], (y * width + x) * 3);
      }
    }
    return { width, height, scale: 1, gray: new Uint8Array(width * height).fill(255), color: { width, height, rgb, scale: 1 }, lines };
  }

  function frame(index: number): KeyFrame {
    return { index, timeSec: index, startSec: index, endSec: index + 1, imagePath: '', width, height, scrolledFromPrevious: false, changedRegions: [] };
  }

  const list = page('Inbox', [
    { text: 'Open conversations', x: 250, y: 22, size: 22 },
    { text: 'TICKET', x: 260, y: 100, size: 10 },
    ...[4471, 4468, 4462].flatMap((id, i) => [
      { text: `#${id}`, x: 260, y: 130 + i * 35, size: 11 },
      { text: ['Refund not received', 'Cannot change my address', 'Discount code rejected'][i] ?? '', x: 380, y: 130 + i * 35, size: 11 },
    ]),
  ]);
  const detail = page('Inbox', [
    { text: 'Inbox › #4471', x: 250, y: 22, size: 11 },
    { text: 'Refund not received for order 4471', x: 250, y: 44, size: 20 },
    { text: 'I returned the blue jacket on 2 May', x: 260, y: 120, size: 11 },
  ]);

  it('should read the heading beside the sidebar brand as the page title, not as navigation', () => {
    const seen = understandPage(list, frame(0));
    expect(seen.heading).toBe('Open conversations');
    expect(seen.screenName).toBe('Inbox');
    expect(seen.elements).not.toContainEqual({ kind: 'link', label: 'Open conversations' });
  });

  it('should name a record opened from a list after the column its id was listed in', () => {
    const context: VideoContext = {};
    expect(understandPage(list, frame(0), context).screenName).toBe('Inbox');
    const seen = understandPage(detail, frame(1), context);
    expect(seen.heading).toBe('Refund not received for order 4471');
    expect(seen.screenName).toBe('Ticket Detail');
    expect(understandPage(detail, frame(1)).screenName).toBe('Inbox Detail');
  });

  it('should name a page by its bold sidebar entry, and take the selected tab as its section', () => {
    const tabs = [['General', 262], ['Notifications', 352], ['Channels', 472], ['Billing', 562]] as const;
    const settings = page(
      'Settings',
      [{ text: 'Workspace', x: 250, y: 22, size: 22 }, ...tabs.map(([text, x]) => ({ text, x, y: 90, size: 11 }))],
      [{ x: 250, y: 78, w: 370, h: 36, rgb: 238 }, { x: 342, y: 82, w: 104, h: 28, rgb: 255 }],
    );
    const seen = understandPage(settings, frame(2));
    expect(seen.screenName).toBe('Settings');
    expect(seen.section).toBe('Notifications');
  });
});
