/** Finds the key frame that shows a screen the user describes, by the words the frame and the text share. */
import type { FrameRecord } from './ports';

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or our screen page the this to with you your view shows show user users where which can'.split(
    ' ',
  ),
);

/** Lower-cased words of two letters or more, without the glue words that every screen shares. */
export function wordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word));
  return Array.from(new Set(words));
}

/** A name word counts twice a description word; below this a frame does not show the screen. */
const MIN_SCORE = 2;

export function scoreFrame(frame: Pick<FrameRecord, 'words' | 'screenName'>, nameWords: string[], descriptionWords: string[]): number {
  const seen = new Set([...frame.words.flatMap(wordsOf), ...wordsOf(frame.screenName)]);
  const names = nameWords.filter((word) => seen.has(word)).length;
  const described = descriptionWords.filter((word) => seen.has(word) && !nameWords.includes(word)).length;
  return 2 * names + described;
}

/** The frame that best matches the screen name and description, or null when none matches well enough. */
export function bestFrame(frames: FrameRecord[], screenName: string, description: string): FrameRecord | null {
  const nameWords = wordsOf(screenName);
  const descriptionWords = wordsOf(description);
  let best: { frame: FrameRecord; score: number } | null = null;
  for (const frame of frames) {
    const score = scoreFrame(frame, nameWords, descriptionWords);
    // Ties go to the frame with a screenshot, then to the earlier one.
    const better = !best || score > best.score || (score === best.score && !best.frame.screenshotKey && frame.screenshotKey !== null);
    if (better) best = { frame, score };
  }
  return best && best.score >= MIN_SCORE ? best.frame : null;
}
