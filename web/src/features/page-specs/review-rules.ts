/** When the page-spec review opens by itself (product-spec §4 Page spec modal). */
import type { AnalysisStatus } from '../../api/catalog.api';

/** The modal opens after a short delay (about 0.2 to 0.5 s) once the rules hold. */
export const AUTO_OPEN_DELAY_MS = 300;

interface VideoStatus {
  id: string;
  analysisStatus: AnalysisStatus;
}

/** The video whose specs await review: the newest one at page_specs_ready (the list is newest first). */
export function videoAwaitingReview(videos: readonly VideoStatus[] | undefined): string | null {
  return videos?.find((video) => video.analysisStatus === 'page_specs_ready')?.id ?? null;
}

export interface AutoOpenFacts {
  productStatus: AnalysisStatus | null;
  videoId: string | null;
  dismissed: boolean;
  /** The user finalized this product a moment ago: its status has not caught up yet. */
  finalizing: boolean;
}

/** The video to open the review for, or null. */
export function autoOpenVideo(facts: AutoOpenFacts): string | null {
  if (facts.productStatus !== 'page_specs_ready' || facts.videoId === null) return null;
  if (facts.dismissed || facts.finalizing) return null;
  return facts.videoId;
}
