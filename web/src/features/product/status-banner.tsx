/**
 * The analysis status banner of the product page (product-spec §2): the dashboard-level wording as the title,
 * the product-level wording as the text. Closing it hides it for this product until the status changes.
 * With page_specs_ready it opens the page-spec review: 'Review Now', or 'Review Page Specs' once the user
 * dismissed the review. While the analysis runs it shows its percent when known.
 */
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useState, type ReactNode } from 'react';
import type { AnalysisStatus } from '../../api/catalog.api';
import { dismissBanner, isBannerDismissed } from './banner-dismissals';

interface Banner {
  type: 'info' | 'success' | 'warning' | 'error';
  title: string;
  text: ReactNode;
  reviewButton?: boolean;
  showsProgress?: boolean;
}

const IN_PROGRESS: Banner = {
  type: 'info',
  title: 'Video Analysis in Progress',
  text: 'Video analysis in progress... This may take a few minutes.',
  showsProgress: true,
};

const BANNERS: Partial<Record<AnalysisStatus, Banner>> = {
  processing: IN_PROGRESS,
  analyzing: IN_PROGRESS,
  page_specs_ready: {
    type: 'warning',
    title: 'Video Analysis',
    text: (
      <>
        <span className="status-banner__line">
          Analysis complete! Please review your page specifications to continue.
        </span>
        <span className="status-banner__line status-banner__line--muted">
          Video analysis is complete. Give us a few moments to generate your final insights.
        </span>
      </>
    ),
    reviewButton: true,
  },
  completed: {
    type: 'success',
    title: 'Video Analysis Complete',
    text: 'Video analysis completed successfully!',
  },
  failed: {
    type: 'error',
    title: 'Video Analysis Failed',
    text: 'Video analysis encountered an issue. Please try re-uploading your video.',
  },
};

export interface StatusBannerProps {
  productId: string;
  status: AnalysisStatus | null;
  /** 0-100 while the analysis runs, when the server tells it. */
  progress?: number | null;
  /** Opens the page-spec review; without it the page_specs_ready banner has no button. */
  onReview?: () => void;
  /** The user dismissed the review: the button reads 'Review Page Specs'. */
  reviewDismissed?: boolean;
}

export function StatusBanner({ productId, status, progress, onReview, reviewDismissed }: StatusBannerProps) {
  const [closed, setClosed] = useState<AnalysisStatus | null>(null);
  if (status === null) return null;
  const banner = BANNERS[status];
  // Checked per status: a dismissed 'processing' banner must not hide the 'completed' one.
  if (!banner || closed === status || isBannerDismissed(productId, status)) return null;
  const shown = status;

  function onClose() {
    dismissBanner(productId, shown);
    setClosed(shown);
  }

  return (
    <Alert
      className="status-banner"
      type={banner.type}
      showIcon
      title={banner.title}
      description={
        banner.showsProgress && typeof progress === 'number' ? (
          <>
            {banner.text}
            <Progress
              className="status-banner__progress"
              percent={Math.round(progress)}
              size="small"
              aria-label="Analysis progress"
            />
          </>
        ) : (
          banner.text
        )
      }
      closable={{ 'aria-label': 'Dismiss', onClose }}
      action={
        banner.reviewButton && onReview ? (
          <Button type="primary" onClick={onReview}>
            {reviewDismissed ? 'Review Page Specs' : 'Review Now'}
          </Button>
        ) : undefined
      }
    />
  );
}
