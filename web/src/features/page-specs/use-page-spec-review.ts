/**
 * Whether the page-spec review modal is open on the product dashboard, and for which video (product-spec §4
 * Page spec modal): it opens by itself shortly after the product reaches page_specs_ready with a video at that
 * status, unless the user dismissed it for that video since the dashboard became active, or just finalized.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AnalysisStatus } from '../../api/catalog.api';
import type { Video } from '../../api/media.api';
import { isFinalizationPending, settleFinalization } from './finalization-flag';
import { AUTO_OPEN_DELAY_MS, autoOpenVideo, videoAwaitingReview } from './review-rules';
import { dismissReview, isReviewDismissed, resetReviewDismissals } from './review-session';

export interface PageSpecReview {
  /** The video whose specs await review, or null. */
  reviewVideoId: string | null;
  /** The video the modal is open for, or null when it is closed. */
  openVideoId: string | null;
  /** Whether the user dismissed the review of reviewVideoId. */
  dismissed: boolean;
  openReview: () => void;
  dismiss: () => void;
  close: () => void;
}

export function usePageSpecReview(
  productId: string,
  productStatus: AnalysisStatus | null,
  videos: readonly Video[] | undefined,
): PageSpecReview {
  // The dashboard became active (this hook mounted): reviews dismissed before may open again. Done before the
  // first render reads the dismissals; the caller remounts it per product.
  useState(resetReviewDismissals);
  const [openVideoId, setOpenVideoId] = useState<string | null>(null);
  const reviewVideoId = videoAwaitingReview(videos);
  useEffect(() => settleFinalization(productId, productStatus), [productId, productStatus]);

  const autoOpen =
    openVideoId === null
      ? autoOpenVideo({
          productStatus,
          videoId: reviewVideoId,
          dismissed: reviewVideoId !== null && isReviewDismissed(reviewVideoId),
          finalizing: isFinalizationPending(productId),
        })
      : null;
  useEffect(() => {
    if (autoOpen === null) return;
    const timer = setTimeout(() => setOpenVideoId(autoOpen), AUTO_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoOpen]);

  const openReview = useCallback(() => {
    if (reviewVideoId) setOpenVideoId(reviewVideoId);
  }, [reviewVideoId]);
  const dismiss = useCallback(() => {
    if (openVideoId) dismissReview(openVideoId);
    setOpenVideoId(null);
  }, [openVideoId]);
  const close = useCallback(() => setOpenVideoId(null), []);

  return {
    reviewVideoId,
    openVideoId,
    dismissed: reviewVideoId !== null && isReviewDismissed(reviewVideoId),
    openReview,
    dismiss,
    close,
  };
}
