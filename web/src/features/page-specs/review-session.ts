/**
 * What the page-spec review remembers for this browser session (product-spec §4 Page spec modal): the videos
 * whose review the user dismissed (forgotten when the dashboard becomes active again) and the specs the user
 * added, which carry the New badge.
 */
const dismissedVideos = new Set<string>();
const addedSpecs = new Set<string>();

export function dismissReview(videoId: string): void {
  dismissedVideos.add(videoId);
}

export function isReviewDismissed(videoId: string): boolean {
  return dismissedVideos.has(videoId);
}

/** The dashboard became active: every review may open again. */
export function resetReviewDismissals(): void {
  dismissedVideos.clear();
}

export function rememberAddedSpec(specId: string): void {
  addedSpecs.add(specId);
}

export function isAddedThisSession(specId: string): boolean {
  return addedSpecs.has(specId);
}

/** For tests: a fresh session. */
export function resetReviewSession(): void {
  dismissedVideos.clear();
  addedSpecs.clear();
}
