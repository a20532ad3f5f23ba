/**
 * The product dashboard `/products/{productId}` (product-spec §2): title with type and video count, the upload
 * bar while the product has no video, the analysis status banner, the page-spec review modal, and the welcome
 * view with its three cards (User Flows is in the sidebar only: the specification's dashboard has three).
 */
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import BookOutlined from '@ant-design/icons/BookOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { isApiError, isAuthError } from '../../api/base-query';
import { useGetProductQuery, type Product } from '../../api/catalog.api';
import { useGetProductVideosQuery, type Video } from '../../api/media.api';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { SubscriptionStatusCard } from '../billing/subscription-status-card';
import { TrialPromptBar } from '../billing/trial-prompt-bar';
import { PageSpecReviewModal } from '../page-specs/page-spec-review.modal';
import { usePageSpecReview } from '../page-specs/use-page-spec-review';
import { rememberCurrentProduct } from './current-product';
import { ProductNotFound, isNotFound } from './product-not-found';
import { productTypeLabel } from './product-type';
import { StatusBanner } from './status-banner';
import './product.css';

/** product-spec §9: the product page polls the product every 30 s and its videos every 5 s. */
const PRODUCT_POLL_MS = 30_000;
const VIDEOS_POLL_MS = 5_000;
const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export default function ProductOverviewPage() {
  const productId = useParams().productId ?? '';
  const {
    data: product,
    isLoading,
    isError,
    error,
    refetch,
  } = useGetProductQuery(productId, {
    pollingInterval: PRODUCT_POLL_MS,
  });

  useEffect(() => {
    if (product) rememberCurrentProduct(product.id);
  }, [product]);

  if (isLoading) return <LoadingScreen />;
  if (isError || !product) {
    if (isNotFound(error)) return <ProductNotFound />;
    // A 401 has already ended the session (the session-expired screen replaces this page).
    if (isApiError(error) && isAuthError(error)) return <LoadingScreen />;
    return <ErrorScreen variant="unexpected" onAction={() => void refetch()} />;
  }
  // Keyed: another product is another dashboard (its review state starts afresh).
  return <ProductOverview key={product.id} product={product} onStale={() => void refetch()} />;
}

/**
 * The product's status is that of its most recently changed video, and the videos are polled far more often
 * (5 s against 30 s): while no video has the product's status, or while the analysis percent moves, the
 * product is read again with each video poll.
 */
function useProductFollowsVideos(
  product: Product,
  videos: Video[] | undefined,
  videosFetchedAt: number | undefined,
  onStale: () => void,
): void {
  const stale =
    videos !== undefined &&
    videos.length > 0 &&
    (product.analysisStatus === 'analyzing' ||
      !videos.some((video) => video.analysisStatus === product.analysisStatus));
  const latest = useRef(onStale);
  useEffect(() => {
    latest.current = onStale;
  });
  useEffect(() => {
    if (stale) latest.current();
  }, [stale, videosFetchedAt]);
}

function ProductOverview({ product, onStale }: { product: Product; onStale: () => void }) {
  const navigate = useNavigate();
  const userName = useAppSelector((state) => state.session.user?.name);
  const {
    data: videos,
    isLoading: videosLoading,
    fulfilledTimeStamp,
  } = useGetProductVideosQuery(product.id, { pollingInterval: VIDEOS_POLL_MS });
  const videoCount = videos?.length ?? 0;
  const base = `/products/${encodeURIComponent(product.id)}`;
  const review = usePageSpecReview(product.id, product.analysisStatus, videos);
  useProductFollowsVideos(product, videos, fulfilledTimeStamp, onStale);

  return (
    <main className="product-page">
      <header className="product-page__header">
        <h1 className="product-page__title">{product.name}</h1>
        <p className="product-page__meta">
          <Tag color="geekblue" className="product-page__type">
            {productTypeLabel(product.type)}
          </Tag>
          <span>{videoCount} video(s) uploaded</span>
        </p>
      </header>

      {!videosLoading && videoCount === 0 && <UploadBar knowledgeBasePath={`${base}/knowledge-base`} />}
      <StatusBanner
        key={product.id}
        productId={product.id}
        status={product.analysisStatus}
        progress={product.analysisProgress}
        // Without a video at page_specs_ready yet (the media service lags a moment), the videos are in the
        // knowledge base.
        onReview={review.reviewVideoId ? review.openReview : () => void navigate(`${base}/knowledge-base`)}
        reviewDismissed={review.dismissed}
      />
      {review.openVideoId && (
        <PageSpecReviewModal
          productId={product.id}
          videoId={review.openVideoId}
          onDismiss={review.dismiss}
          onFinalized={review.close}
        />
      )}

      <section className="product-page__welcome" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="product-page__welcome-title">
          Welcome back{userName ? `, ${userName}` : ''}
        </h2>
        <p className="product-page__welcome-text">Where would you like to continue with {product.name}?</p>
        <div className="product-cards">
          <ProductCard
            to={`${base}/tracking-plan`}
            icon={<UnorderedListOutlined {...hidden} />}
            title="Tracking Plan"
            text="Generate the events and properties to track on every screen."
          />
          <ProductCard
            to={`${base}/analytics`}
            icon={<BarChartOutlined {...hidden} />}
            title="Analytics Strategy"
            text="Chat with the AI about KPIs, metrics and dashboards."
          />
          <ProductCard
            to={`${base}/knowledge-base`}
            icon={<BookOutlined {...hidden} />}
            title="Knowledge Base"
            text="Your product's details, videos and page specifications."
          />
        </div>
      </section>
      <TrialPromptBar />
      <SubscriptionStatusCard />
    </main>
  );
}

/** product-spec §2: the orange bar while the product has no videos. */
function UploadBar({ knowledgeBasePath }: { knowledgeBasePath: string }) {
  const navigate = useNavigate();
  return (
    <div className="upload-bar" role="region" aria-label="Upload a video">
      <CloudUploadOutlined {...hidden} className="upload-bar__icon" />
      <p className="upload-bar__text">Upload a product demo video to get AI-powered insights</p>
      <Button className="upload-bar__button" onClick={() => void navigate(knowledgeBasePath)}>
        Upload Video
      </Button>
    </div>
  );
}

function ProductCard({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <Link to={to} className="product-card">
      <span className="product-card__icon">{icon}</span>
      <h3 className="product-card__title">{title}</h3>
      <p className="product-card__text">{text}</p>
      <span className="product-card__more">
        Open <RightOutlined {...hidden} />
      </span>
    </Link>
  );
}
