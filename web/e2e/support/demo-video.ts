/**
 * A product demo video for browser tests, drawn with ffmpeg by the analysis service's own fixture maker (lavfi
 * colour sources + drawtext, DejaVu Sans): a sign-in with typing, a catalogue and a cart, 9 s in all, short so
 * that the real analysis finishes quickly. Made once per test file into a temporary folder; nothing is downloaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  makeSyntheticVideo,
  type SyntheticScreen,
} from '../../../services/analysis/test/fixtures/synthetic-video';

export const DEMO_SCREENS: SyntheticScreen[] = [
  {
    heading: 'Welcome Back',
    subtitle: 'Sign in to manage your orders.',
    fields: [{ label: 'Email', typed: 'jane@example.com' }],
    buttons: ['Sign In'],
    seconds: 3,
  },
  { heading: 'Product Catalog', subtitle: 'Browse our latest arrivals.', buttons: ['Add to Cart'], seconds: 3 },
  { heading: 'Shopping Cart', subtitle: 'Review the items in your cart.', buttons: ['Checkout'], seconds: 3 },
];

/** The screen headings the video shows, in order. */
export const DEMO_SCREEN_HEADINGS = DEMO_SCREENS.map((screen) => screen.heading);

export interface DemoVideo {
  path: string;
  remove(): void;
}

export async function makeDemoVideo(fileName = 'acme-demo.mp4'): Promise<DemoVideo> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-demo-'));
  const file = path.join(dir, fileName);
  await makeSyntheticVideo(file, DEMO_SCREENS);
  return { path: file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
