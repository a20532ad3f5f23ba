/**
 * Stage 2: cuts the sampled stream into stable periods (a screen at rest) separated by bursts of change
 * (navigation, scrolling, animation), and keeps one settled frame per period.
 */
import {
  ActivityMap,
  changedBoxes,
  changedBelowSameTop,
  changedFraction,
  dimmedOverlayPanel,
  sameOutside,
  verticalShift,
  type GrayFrame,
  type PixelBox,
} from './frame-math';

/** A change bigger than this between two samples ends a stable period (cursor and typing stay under it). */
const BIG_CHANGE = 0.006;
/** Settled frames this close to the previous one are the same screen at rest (hover, blinking caret). */
const NEAR_DUPLICATE = 0.004;
/** Shorter stable periods are in-between states (loading, mid-animation) unless nothing else exists. */
const MIN_STABLE_SAMPLES = 2;
/** Within a scroll, pairs changing less than this are its tail, not a navigation. */
const SCROLL_TAIL = 0.1;

export interface StablePeriod {
  startSec: number;
  endSec: number;
  /** When to grab the full-resolution frame: just before leaving the screen, once it has settled. */
  settledSec: number;
  /**
   * When the screen had just come to rest, before the cursor moved onto what is clicked to leave it; only
   * when something changed on it while it stayed (see KeyFrame.restSec).
   */
  restSec?: number;
  first: GrayFrame;
  settled: GrayFrame;
  /** Every change since the previous period was a vertical shift of the same page. */
  enteredByScroll: boolean;
  /** The panel in sample pixels when one is open over a dimmed page (a dialog, a sheet, a drawer). */
  overlay?: PixelBox;
  /** Only the content under the previous period's unchanged top changed: a tab switched in place. */
  switchedInPlace: boolean;
  /** Regions (sample pixels) that changed while the period lasted. */
  changed: PixelBox[];
}

interface Run {
  startSec: number;
  lastSec: number;
  samples: number;
  first: GrayFrame;
  last: GrayFrame;
}

export class KeyframeSegmenter {
  private readonly periods: StablePeriod[] = [];
  private run: Run | undefined;
  private previous: GrayFrame | undefined;
  /** How each big change of the current burst moved the page: up or down by a shift, or not a shift. */
  private burst: BurstStep[] = [];
  private readonly activity = new ActivityMap();

  constructor(private readonly sampleIntervalSec: number) {}

  /** Where a device's screen sits inside the recording (sample pixels), when it shows a phone in a frame. */
  deviceScreen(): PixelBox | undefined {
    return this.activity.deviceScreen(this.previous);
  }

  push(frame: GrayFrame, timeSec: number): void {
    const previous = this.previous;
    this.previous = frame;
    const change = previous ? this.activity.add(previous, frame) : 0;
    if (!previous || !this.run) {
      this.run = { startSec: timeSec, lastSec: timeSec, samples: 1, first: frame, last: frame };
      return;
    }
    if (change < BIG_CHANGE) {
      this.run.lastSec = timeSec;
      this.run.last = frame;
      this.run.samples += 1;
      return;
    }
    this.closeRun(false);
    // A burst that opened with a jump, or shifted both ways, is no scroll whatever follows: no more shifts to measure.
    const hopeless = this.burst[0] === 'jump' || (this.burst.includes('up') && this.burst.includes('down'));
    const shift = hopeless ? 0 : verticalShift(previous, frame);
    // The tail of a scroll (a pixel or two, a hover lighting up) is a small change, not a new page.
    if (shift !== 0 || change > SCROLL_TAIL) this.burst.push(shift > 0 ? 'down' : shift < 0 ? 'up' : 'jump');
    this.run = { startSec: timeSec, lastSec: timeSec, samples: 1, first: frame, last: frame };
  }

  /** The stable periods, in order; call once after the last frame. */
  finish(): StablePeriod[] {
    this.closeRun(true);
    return this.periods;
  }

  private closeRun(atEnd: boolean): void {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    const longEnough = run.samples >= MIN_STABLE_SAMPLES || (atEnd && this.periods.length === 0);
    if (!longEnough) return;
    // Half a sample before the last stable sample: still settled, safely before the next change starts.
    const settledSec = Math.max(run.startSec, run.lastSec - this.sampleIntervalSec / 2);
    const changed = changedBoxes(run.first, run.last);
    const period: StablePeriod = {
      startSec: run.startSec,
      endSec: run.lastSec + this.sampleIntervalSec,
      settledSec,
      first: run.first,
      settled: run.last,
      enteredByScroll: isScroll(this.burst),
      switchedInPlace: false,
      changed,
    };
    this.markRest(period);
    this.burst = [];
    this.append(period);
  }

  /** Between the period's first two stable samples, as settledSec sits between its last two. */
  private markRest(period: StablePeriod): void {
    const restSec = period.startSec + this.sampleIntervalSec / 2;
    if (period.changed.length > 0 && restSec < period.settledSec) period.restSec = restSec;
    else delete period.restSec;
  }

  private append(period: StablePeriod): void {
    const before = this.periods[this.periods.length - 1];
    if (before && changedFraction(before.settled, period.settled, NEAR_DUPLICATE) < NEAR_DUPLICATE) {
      // The same screen at rest again (a hover came and went): extend the earlier period.
      before.endSec = period.endSec;
      before.settledSec = period.settledSec;
      before.settled = period.settled;
      before.changed = changedBoxes(before.first, period.settled);
      this.markRest(before);
      return;
    }
    if (before && !period.enteredByScroll) {
      const panel = dimmedOverlayPanel(before.settled, period.first);
      if (panel) period.overlay = panel;
      else if (before.overlay && sameOutside(before.settled, period.first, before.overlay)) period.overlay = before.overlay;
      else if (!before.overlay && changedBelowSameTop(before.settled, period.first)) period.switchedInPlace = true;
    }
    this.periods.push(period);
  }
}

type BurstStep = 'down' | 'up' | 'jump';

/**
 * A burst is a scroll when every step shifted the page one way. A fast fling moves the page further
 * between two samples than the part of it both show (a phone's screen under a sticky header): such a jump
 * counts as part of the scroll when shifts the same way come before and after it, as a smooth scroll
 * eases in and out.
 */
export function isScroll(steps: readonly BurstStep[]): boolean {
  const shifts = steps.filter((step) => step !== 'jump');
  const way = shifts[0];
  if (!way || shifts.some((step) => step !== way)) return false;
  const first = steps.indexOf(way);
  const last = steps.lastIndexOf(way);
  return steps.every((step, i) => step !== 'jump' || (i > first && i < last));
}

/**
 * Keeps at most `max` periods by folding the pair of neighbours that look most alike, so a long video
 * still fits the understanding budget while distinct screens survive.
 */
export function limitPeriods(periods: StablePeriod[], max: number): StablePeriod[] {
  const kept = [...periods];
  // Scrolls of one page fold first, then the most alike neighbours.
  const foldScore = (a: StablePeriod, b: StablePeriod): number =>
    changedFraction(a.settled, b.settled) - (b.enteredByScroll ? 1 : 0);
  // scores[i] is the score of folding kept[i] into kept[i + 1]; a fold changes only its neighbours' scores.
  const scores = kept.slice(1).map((b, i) => foldScore(kept[i] as StablePeriod, b));
  while (kept.length > max) {
    let best = 0;
    scores.forEach((score, i) => {
      if (score < (scores[best] ?? Number.POSITIVE_INFINITY)) best = i;
    });
    const a = kept[best];
    const b = kept[best + 1];
    if (!a || !b) break;
    const folded: StablePeriod = {
      ...b,
      startSec: a.startSec,
      first: a.first,
      // The folded period is entered as its first part was.
      enteredByScroll: a.enteredByScroll,
      switchedInPlace: a.switchedInPlace,
      overlay: b.overlay,
      changed: b.changed,
    };
    kept.splice(best, 2, folded);
    scores.splice(best, 1);
    const before = kept[best - 1];
    const after = kept[best + 1];
    if (before) scores[best - 1] = foldScore(before, folded);
    if (after) scores[best] = foldScore(folded, after);
  }
  return kept;
}
