/** Scores detected screens against a recording's ground truth: recall, precision, name accuracy, words read. */
import type { DetectedScreen } from '../../../services/analysis/src/pipeline';
import type { TruthScreen } from '../../../services/analysis/test/fixtures/recorder';

const STOP_WORDS = new Set(['the', 'and', 'for', 'your', 'you', 'with', 'our', 'screen', 'page', 'of', 'to', 'in', 'a', 'an', 'my']);

export function meaningfulWords(text: string): Set<string> {
  return new Set(
    oneSpelling(text)
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
      .map((word) => word.replace(/(ies|s)$/, (end) => (end === 'ies' ? 'y' : ''))),
  );
}

export function sharesWord(a: string, b: string): boolean {
  const left = meaningfulWords(a);
  for (const word of meaningfulWords(b)) if (left.has(word)) return true;
  return false;
}

/** Words that never decide whether a name is right ("the Cart page" is the Cart). */
const FILLER = new Set(['the', 'a', 'an', 'screen', 'page', 'view', 'your', 'my']);

/**
 * Lower case, the spellings of "log in"/"sign in"/"sign up" made one: "Sign In" and "Login" are one screen to
 * whoever reads the plan, and "Sign Up" shares no word with "Sign In".
 */
function oneSpelling(text: string): string {
  return text
    .toLowerCase()
    .replace(/\blog\s?in\b/g, 'login')
    .replace(/\bsign\s?up\b/g, 'signup')
    .replace(/\bsign\s?in\b/g, 'login');
}

/** Lower-case words, singular, with the spellings of "log in"/"sign in"/"sign up" made one. */
export function strictWords(text: string): string[] {
  return oneSpelling(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLER.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/**
 * Strict: the name a person gave the screen is the detected name, or all its words are in it
 * ("Settings" ⊂ "Settings - Billing"); the page's heading does not count.
 */
export function strictNameMatches(detected: string, truthName: string): boolean {
  const want = strictWords(truthName);
  const have = new Set(strictWords(detected));
  return want.length > 0 && want.every((word) => have.has(word));
}

interface Range {
  startSec: number;
  endSec: number;
}

/** The time ranges overlap for most of the shorter one. */
export function overlapsMostly(a: Range, b: Range): boolean {
  const overlap = Math.min(a.endSec, b.endSec) - Math.max(a.startSec, b.startSec);
  const shorter = Math.min(a.endSec - a.startSec, b.endSec - b.startSec);
  return overlap > 0 && overlap >= 0.5 * Math.max(shorter, 0.25);
}

export interface TruthGroup {
  name: string;
  headings: string[];
  ranges: Range[];
}

export function groupTruth(truth: TruthScreen[]): TruthGroup[] {
  const groups = new Map<string, TruthGroup>();
  for (const screen of truth) {
    const group = groups.get(screen.name) ?? { name: screen.name, headings: [], ranges: [] };
    if (!group.headings.includes(screen.heading)) group.headings.push(screen.heading);
    group.ranges.push({ startSec: screen.startSec, endSec: screen.endSec });
    groups.set(screen.name, group);
  }
  return [...groups.values()];
}

function timeMatches(screen: DetectedScreen, group: TruthGroup): boolean {
  return screen.visits.some((visit) => group.ranges.some((range) => overlapsMostly(visit, range)));
}

function nameMatches(screen: DetectedScreen, group: TruthGroup): boolean {
  return [group.name, ...group.headings].some((text) => sharesWord(screen.screenName, text));
}

export interface Score {
  truthScreens: number;
  detectedScreens: number;
  recalled: number;
  correct: number;
  timeMatched: number;
  wellNamed: number;
  /** Truth screens whose time-matched detection carries the human name (strict rule). */
  strictlyNamed: number;
  recall: number;
  precision: number;
  nameAccuracy: number;
  strictNameAccuracy: number;
  pairs: Array<{ truth: string; detected: string[] }>;
  unmatched: string[];
}

export function score(detected: DetectedScreen[], truth: TruthScreen[]): Score {
  const groups = groupTruth(truth);
  const claimed = new Set<DetectedScreen>();
  const pairs: Score['pairs'] = [];
  let recalled = 0;
  let timeMatched = 0;
  let wellNamed = 0;
  let strictlyNamed = 0;
  for (const group of groups) {
    const inTime = detected.filter((screen) => timeMatches(screen, group));
    const matching = inTime.filter((screen) => nameMatches(screen, group));
    pairs.push({ truth: group.name, detected: inTime.map((screen) => screen.screenName) });
    if (inTime.length > 0) timeMatched += 1;
    if (matching.length > 0) wellNamed += 1;
    if (inTime.some((screen) => strictNameMatches(screen.screenName, group.name))) strictlyNamed += 1;
    // One detected screen per truth screen: a second one for the same truth screen is a duplicate.
    const first = matching.find((screen) => !claimed.has(screen));
    if (first) {
      recalled += 1;
      claimed.add(first);
    }
  }
  return {
    truthScreens: groups.length,
    detectedScreens: detected.length,
    recalled,
    correct: claimed.size,
    timeMatched,
    wellNamed,
    strictlyNamed,
    recall: groups.length ? recalled / groups.length : 0,
    precision: detected.length ? claimed.size / detected.length : 0,
    nameAccuracy: timeMatched ? wellNamed / timeMatched : 0,
    strictNameAccuracy: timeMatched ? strictlyNamed / timeMatched : 0,
    pairs,
    unmatched: detected.filter((screen) => !claimed.has(screen)).map((screen) => screen.screenName),
  };
}

/** The frames the pipeline read, as the bench needs them: when, and the words read. */
export interface ReadFrame {
  timeSec: number;
  words: string[];
}

export interface ReaderScore {
  /** Truth words (letters only, 3 or more) on screens the pipeline read at least one frame of. */
  truthWords: number;
  read: number;
  /** Truth screens without a single analysed frame in their time: nothing to measure there. */
  unread: string[];
  accuracy: number;
}

const readable = (word: string): boolean => /^[a-z]{3,}$/.test(word);

/** Words as the truth files hold them: lower case, split on anything but letters and digits; three letters or more count. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3);
}

/**
 * The reader's word accuracy: of the words the page showed while each truth screen was on view, the share
 * read on the frames analysed during that screen's time.
 */
export function readerScore(truth: TruthScreen[], frames: ReadFrame[]): ReaderScore | null {
  if (!truth.some((screen) => screen.words)) return null;
  let truthWords = 0;
  let read = 0;
  const unread: string[] = [];
  for (const group of groupTruth(truth)) {
    const shown = new Set(truth.filter((screen) => screen.name === group.name).flatMap((screen) => screen.words ?? []).filter(readable));
    const during = frames.filter((frame) => group.ranges.some((range) => frame.timeSec >= range.startSec && frame.timeSec <= range.endSec));
    if (during.length === 0) {
      unread.push(group.name);
      continue;
    }
    const seen = new Set(during.flatMap((frame) => frame.words.flatMap(wordsOf)));
    truthWords += shown.size;
    for (const word of shown) if (seen.has(word)) read += 1;
  }
  return { truthWords, read, unread, accuracy: truthWords ? read / truthWords : 0 };
}

/** Every word the recording showed, and the words of its screens' names and headings. */
export function shownWords(truth: TruthScreen[]): Set<string> {
  return new Set(
    truth.flatMap((screen) => [...(screen.words ?? []), ...`${screen.name} ${screen.heading}`.toLowerCase().split(/[^a-z0-9]+/)]),
  );
}
