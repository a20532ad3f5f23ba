/** Shapes of the video analysis pipeline: what goes in, what each stage hands to the next, what comes out. */

export type UiElementKind = 'button' | 'link' | 'input' | 'heading' | 'text' | 'tab' | 'checkbox' | 'select';

export interface UiElement {
  kind: UiElementKind;
  label: string;
}

export type UserActionKind = 'click' | 'type' | 'navigate' | 'scroll' | 'open_modal' | 'submit';

export interface UserAction {
  kind: UserActionKind;
  target?: string;
  toScreen?: string;
  atSec: number;
  /**
   * A JPEG in workDir showing the moment of the action: the key frame it was read on, or for a move to another
   * screen the last key frame before it (the screen as the user clicked). Set by the merge step.
   */
  imagePath?: string;
}

/** A time interval during which a screen was on view; a revisited screen has several. */
export interface Visit {
  startSec: number;
  endSec: number;
}

export interface DetectedScreen {
  screenName: string;
  description: string;
  /** A JPEG file in workDir. */
  screenshotPath: string;
  elements: UiElement[];
  actions: UserAction[];
  firstSeenSec: number;
  lastSeenSec: number;
  /** 0-based rank of first appearance. */
  order: number;
  visits: Visit[];
}

export interface AnalysisResult {
  durationSec: number;
  width: number;
  height: number;
  screens: DetectedScreen[];
  /** Every understood key frame (kept by the service so that a screen the user adds can find its frames). */
  frames?: AnalyzedFrame[];
}

export interface AnalyzedFrame {
  timeSec: number;
  /** A JPEG file in workDir. */
  imagePath: string;
  screenName: string;
  words: string[];
  elements: UiElement[];
}

/** A rectangle in the pixel coordinates of the full-resolution frame. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One settled moment of the video, extracted at full resolution, handed to the understanding step. */
export interface KeyFrame {
  index: number;
  /** When the extracted image was taken. */
  timeSec: number;
  /** The stable period this frame represents. */
  startSec: number;
  endSec: number;
  /** JPEG at the video's full resolution. */
  imagePath: string;
  width: number;
  height: number;
  /** A panel over a dimmed page (a modal dialog, a bottom sheet, a drawer), when one is open. */
  overlay?: Box;
  /** The frame was reached from the previous one by scrolling the same page. */
  scrolledFromPrevious: boolean;
  /**
   * Only the content under the previous frame's top (heading, hero, tabs) changed: a tab or segmented control
   * switched it in place, on the same screen.
   */
  switchedInPlace?: boolean;
  /** Areas that changed while this screen stayed on view (typing, toggles, hover). */
  changedRegions: Box[];
  /**
   * When the same screen had just come to rest, if something changed on it since. The key frame is grabbed
   * as the user leaves, so the cursor sits on what they click: where its reading is in doubt, the offline
   * reader reads that part of the earlier picture too (UnderstandOptions.restImage) and keeps the clearer.
   */
  restSec?: number;
  /**
   * An earlier key frame (its index) showing the same picture: a screen revisited as it was. This frame
   * shares its image, and the offline reader reuses its reading.
   */
  sameAs?: number;
  /**
   * The product's screen when the recording shows it inside something bigger (a phone in a simulator
   * window): understanding reads only this part, enlarged.
   */
  viewport?: Box;
}

/** What the understanding step says about one key frame. */
export interface FrameUnderstanding {
  screenName: string;
  description: string;
  elements: UiElement[];
  actions: UserAction[];
  /** Lower-cased words read on the frame; lets the merge step compare frames by content. */
  words?: string[];
  /** The page's main heading as shown (the name is often not the heading: "Login" for "Welcome back"). */
  heading?: string;
  /** The selected tab inside the page, which tells apart two screens of one name ("Settings - Billing"). */
  section?: string;
  /** The path in the browser's address bar, when the recording shows one. */
  urlPath?: string;
}

export interface UnderstandOptions {
  signal?: AbortSignal;
  /**
   * Frame i's image is on disk once `imagesWritten[i]` resolves (they are still being extracted when
   * understanding starts); without it, every image is there already.
   */
  imagesWritten?: ReadonlyArray<Promise<void>>;
  /** Called after each frame with the number of frames done. */
  onFrameDone?(done: number, total: number): void;
  /** Extracts frame i's picture at its restSec, on demand, and gives the image's path. */
  restImage?(index: number): Promise<string>;
}

/** Step 3 of the pipeline, pluggable: offline OCR today, a vision model later. */
export interface ScreenUnderstander {
  understand(frames: KeyFrame[], options?: UnderstandOptions): Promise<FrameUnderstanding[]>;
  /** Starts its workers while the video is still being decoded, so the first frame does not wait for them. */
  warmUp?(): void;
  /** Releases workers; the pipeline calls it only on understanders it created itself. */
  close?(): Promise<void>;
}

export interface AnalyzeVideoInput {
  videoPath: string;
  workDir: string;
  onProgress?(percent: number, stage: string): void;
  signal?: AbortSignal;
  understand?: ScreenUnderstander;
}
