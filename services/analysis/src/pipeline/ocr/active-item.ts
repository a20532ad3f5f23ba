/**
 * The selected item of a navigation group (sidebar, top links, phone tab bar, tabs): the one that looks
 * unlike its siblings, by a highlighted background, a coloured or brighter label, or an underline.
 */
import type { Box } from '../types';

export interface ColorImage {
  width: number;
  height: number;
  /** Packed RGB, 3 bytes per pixel. */
  rgb: Uint8Array;
  /** Image pixels per frame pixel. */
  scale: number;
}

interface Look {
  background: number;
  backgroundChroma: number;
  inkChroma: number;
  inkContrast: number;
  underline: number;
}

/** Differences that count as "looks different" for each feature; a score of 1 is one such difference. */
const SCALE: Look = { background: 14, backgroundChroma: 28, inkChroma: 45, inkContrast: 30, underline: 0.45 };

/** Luma of the pixel at byte `i` (full-range BT.601), as a JPEG stores it. */
export function luminance(rgb: Uint8Array, i: number): number {
  return 0.299 * (rgb[i] ?? 0) + 0.587 * (rgb[i + 1] ?? 0) + 0.114 * (rgb[i + 2] ?? 0);
}

/** How far apart the pixel's channels are: 0 for grays, up to 255 for a pure colour. */
export function chroma(rgb: Uint8Array, i: number): number {
  const r = rgb[i] ?? 0;
  const g = rgb[i + 1] ?? 0;
  const b = rgb[i + 2] ?? 0;
  return Math.max(r, g, b) - Math.min(r, g, b);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function lookOf(image: ColorImage, frameBox: Box): Look {
  const s = image.scale;
  const x0 = Math.max(0, Math.round(frameBox.x * s));
  const y0 = Math.max(0, Math.round(frameBox.y * s));
  const x1 = Math.min(image.width - 1, Math.round((frameBox.x + frameBox.width) * s));
  const y1 = Math.min(image.height - 1, Math.round((frameBox.y + frameBox.height) * s));
  const h = Math.max(4, y1 - y0);
  const at = (x: number, y: number): number => (y * image.width + x) * 3;
  const inImage = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < image.width && y < image.height;
  // The background: a ring just outside the text, inside any highlight pill around it.
  const pad = Math.max(2, Math.round(h * 0.35));
  const ringL: number[] = [];
  const ringC: number[] = [];
  const sample = (x: number, y: number): void => {
    if (!inImage(x, y)) return;
    ringL.push(luminance(image.rgb, at(x, y)));
    ringC.push(chroma(image.rgb, at(x, y)));
  };
  for (let x = x0 - pad; x <= x1 + pad; x += 2) {
    sample(x, y0 - pad);
    sample(x, y1 + pad);
  }
  for (let y = y0 - pad; y <= y1 + pad; y += 2) {
    sample(x0 - pad, y);
    sample(x1 + pad, y);
  }
  const background = median(ringL);
  const backgroundChroma = median(ringC);
  const contrasts: number[] = [];
  const inkChromas: number[] = [];
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = at(x, y);
      const contrast = Math.abs(luminance(image.rgb, i) - background);
      if (contrast > 40) {
        contrasts.push(contrast);
        inkChromas.push(chroma(image.rgb, i));
      }
    }
  }
  contrasts.sort((a, b) => a - b);
  const inkContrast = contrasts[Math.floor(contrasts.length * 0.9)] ?? 0;
  // An underline: one row below the text where most pixels across its width stand out.
  let underline = 0;
  for (let y = y1 + 1; y <= Math.min(image.height - 1, y1 + Math.round(h * 1.1)); y += 1) {
    let marked = 0;
    for (let x = x0; x <= x1; x += 1) if (Math.abs(luminance(image.rgb, at(x, y)) - background) > 40) marked += 1;
    underline = Math.max(underline, marked / Math.max(1, x1 - x0 + 1));
  }
  return { background, backgroundChroma, inkChroma: median(inkChromas), inkContrast, underline };
}

/** The one item of the group that stands out, or undefined when none (or several) do. */
export function activeItem<T extends { box: Box }>(items: T[], image: ColorImage | undefined): T | undefined {
  if (!image || items.length < 3) return undefined;
  const looks = items.map((item) => lookOf(image, item.box));
  const typical: Look = {
    background: median(looks.map((look) => look.background)),
    backgroundChroma: median(looks.map((look) => look.backgroundChroma)),
    inkChroma: median(looks.map((look) => look.inkChroma)),
    inkContrast: median(looks.map((look) => look.inkContrast)),
    underline: median(looks.map((look) => look.underline)),
  };
  const scores = looks.map((look) =>
    (Object.keys(SCALE) as Array<keyof Look>).reduce((sum, key) => sum + Math.abs(look[key] - typical[key]) / SCALE[key], 0),
  );
  const ranked = scores.map((score, i) => ({ score, i })).sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || best.score < 1.2 || (second && second.score > best.score * 0.5)) return undefined;
  // A label fainter than its siblings is a secondary link beside the menu ('For providers'), not the lit entry:
  // a selected entry is marked by what it gains, not by what it lacks.
  const faded = typical.inkContrast - (looks[best.i]?.inkContrast ?? 0);
  if (faded / SCALE.inkContrast > best.score / 2) return undefined;
  return items[best.i];
}
