/**
 * The key frames as tesseract reads them: decoded at the OCR scale (only the viewport, when the recording
 * shows a device), dark text on light, ruled lines removed. Frames of one size are decoded by one ffmpeg
 * process fed every JPEG in turn: a process per frame would cost more than the decoding.
 */
import fs from 'node:fs';
import { ffmpegPath, runProcess } from '../ffmpeg';
import { pendingList, rawFrameCutter } from '../streaming';
import type { Box, KeyFrame } from '../types';
import { luminance, type ColorImage } from './active-item';
import { normalizePolarity } from './polarity';
import { removeRuledLines } from './ruled-lines';

/** A frame decoded at the OCR scale, before reading. */
export interface PreparedImage {
  width: number;
  height: number;
  /** OCR pixels per frame pixel. */
  scale: number;
  /** Luma with every text dark on light, kept so the layout step can look at the pixels around text. */
  gray: Uint8Array;
  /** The same image in colour: selected navigation items differ from their siblings by colour. */
  color: ColorImage;
  /** What tesseract reads: the gray image with ruled lines removed. */
  cleaned: Uint8Array;
}

/** Small text needs pixels: phone-sized frames are enlarged, very large frames reduced for speed. */
export function ocrScaleFor(width: number, height: number): number {
  const longSide = Math.max(width, height);
  if (width <= 600) return 2;
  if (width <= 1000) return 1.5;
  if (longSide > 2400) return 0.6;
  return 1;
}

/** Luma as a JPEG stores it (full-range BT.601), the same gray ffmpeg's format=gray gives. */
function toGray(rgb: Uint8Array, pixels: number): Uint8Array {
  const gray = new Uint8Array(pixels);
  for (let p = 0, i = 0; p < pixels; p += 1, i += 3) {
    gray[p] = Math.round(luminance(rgb, i));
  }
  return gray;
}

/**
 * Tesseract binarises a whole image at one threshold, set between the page and its darkest text: light gray text
 * (a tab bar's idle labels, a card's secondary line, luma 150-170 on white) falls on the page's side and is not
 * read. A gamma of 1.6 darkens mid grays much more than near-white ones (160 -> 121, 245 -> 229), so that text
 * lands on the ink side while the page stays the page.
 */
const DARKEN_MID_TONES = Uint8Array.from({ length: 256 }, (_, value) => Math.round(255 * (value / 255) ** 1.6));

function darkenMidTones(gray: Uint8Array): Uint8Array {
  for (let i = 0; i < gray.length; i += 1) gray[i] = DARKEN_MID_TONES[gray[i] as number] as number;
  return gray;
}

function prepare(rgb: Uint8Array, width: number, height: number, scale: number): PreparedImage {
  const gray = normalizePolarity(toGray(rgb, width * height), width, height, rgb);
  return { width, height, scale, gray, color: { width, height, rgb, scale }, cleaned: darkenMidTones(removeRuledLines(gray, width, height)) };
}

interface Geometry {
  /** The part of the frame that is read (frame pixels). */
  area: Box;
  scale: number;
  width: number;
  height: number;
}

function geometryOf(frame: KeyFrame): Geometry {
  const area = frame.viewport ?? { x: 0, y: 0, width: frame.width, height: frame.height };
  const scale = ocrScaleFor(area.width, area.height);
  const even = (value: number): number => 2 * Math.round((value * scale) / 2);
  return { area, scale, width: even(area.width), height: even(area.height) };
}

/** One promise per frame, fulfilled in order as the decoder gets through them; never for a revisit (`sameAs`). */
export function prepareFrames(
  frames: readonly KeyFrame[],
  signal?: AbortSignal,
  imagesWritten: ReadonlyArray<Promise<void>> = [],
): Array<Promise<PreparedImage>> {
  const images = pendingList<PreparedImage>(frames.length);
  const groups = new Map<string, number[]>();
  frames.forEach((frame, i) => {
    // A revisit is read as the frame it repeats: its image is not needed.
    if (frame.sameAs !== undefined) return;
    const { area, width, height } = geometryOf(frame);
    const key = `${Math.round(area.x)},${Math.round(area.y)},${Math.round(area.width)},${Math.round(area.height)}:${width}x${height}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  void (async () => {
    for (const indexes of groups.values()) {
      try {
        await decodeGroup(frames, indexes, imagesWritten, images.resolve, signal);
      } catch (error) {
        for (const i of indexes) images.reject(i, error);
      }
    }
  })();
  return images.promises;
}

/** Feeds the group's JPEGs to one ffmpeg and cuts its raw RGB output into frames. */
async function decodeGroup(
  frames: readonly KeyFrame[],
  indexes: number[],
  imagesWritten: ReadonlyArray<Promise<void>>,
  onImage: (index: number, image: PreparedImage) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const first = frames[indexes[0] ?? -1];
  if (!first) return;
  const { area, scale, width, height } = geometryOf(first);
  const crop = first.viewport
    ? `crop=${Math.round(area.width)}:${Math.round(area.height)}:${Math.round(area.x)}:${Math.round(area.y)},`
    : '';
  let produced = 0;
  const cut = rawFrameCutter(width * height * 3, (rgb) => {
    const index = indexes[produced];
    produced += 1;
    if (index !== undefined) onImage(index, prepare(rgb, width, height, scale));
  });
  async function* jpegs(): AsyncIterable<Buffer> {
    for (const index of indexes) {
      const frame = frames[index];
      // Each image is decoded as soon as it is extracted (see below).
      await imagesWritten[index];
      if (!frame) continue;
      const jpeg = await fs.promises.readFile(frame.imagePath);
      yield Buffer.concat([Buffer.from(`--frame\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`), jpeg, Buffer.from('\r\n')]);
    }
  }
  await runProcess(
    ffmpegPath,
    [
      // Multipart JPEG gives each image's length: ffmpeg decodes it without waiting for the next one to
      // start, as it would with bare JPEGs, and without probing ahead.
      '-v', 'error', '-nostdin', '-threads', '1', '-probesize', '32', '-analyzeduration', '0', '-f', 'mpjpeg', '-i', 'pipe:0',
      '-vf', `${crop}scale=${width}:${height}:flags=bicubic,format=rgb24`, '-f', 'rawvideo', 'pipe:1',
    ],
    { signal, onStdout: cut, stdin: jpegs() },
  );
  if (produced < indexes.length) throw new Error(`ffmpeg decoded ${produced} of ${indexes.length} key frames`);
}
