/**
 * The knowledge base's Product Videos section (product-spec §2): a video-only picker with a progress bar that
 * resets 2 s after the upload ends, the hints, and the product's videos with their size and status; failed
 * videos can be analysed again, any video deleted (both after a confirm). The list is polled every 10 s while a
 * video is being analysed (§9).
 */
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { useRetryAnalysisMutation } from '../../api/analysis.api';
import { isApiError } from '../../api/base-query';
import type { AnalysisStatus } from '../../api/catalog.api';
import { mediaApi, useDeleteVideoMutation, useGetProductVideosQuery, type Video } from '../../api/media.api';
import { toast } from '../../components/toast';
import { formatFileSize } from '../../lib/file-size';
import { isUpgradeError, useVideoChecks, useVideoUpload } from '../product/use-video-upload';
import './knowledge-base.css';

/** product-spec §9: the list is polled every 10 s while a video is processing or analysing. */
const VIDEOS_POLL_MS = 10_000;
/** product-spec §9: the progress bar resets 2 s after the upload ends. */
const PROGRESS_RESET_MS = 2_000;
const IN_PROGRESS: readonly AnalysisStatus[] = ['uploaded', 'processing', 'analyzing'];
const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

/** product-spec §8 Upload: the toast for a refused upload, from the server's message. */
export function uploadErrorMessage(error: unknown): string {
  const message = isApiError(error) ? error.message : '';
  if (message.toLowerCase().includes('too large')) return 'File too large - Video must be smaller than 500MB';
  if (message.includes('Invalid file type')) return 'Please upload a video file (MP4, WebM, MOV, AVI, WMV)';
  if (message.includes('Product not found')) return 'Please refresh the page and try again';
  return 'Failed to upload video';
}

/** How often the list is read again: every 10 s while a video is on its way through the analysis, else never. */
export function videosPollInterval(videos: readonly Pick<Video, 'analysisStatus'>[] | undefined): number {
  return videos?.some((video) => IN_PROGRESS.includes(video.analysisStatus)) ? VIDEOS_POLL_MS : 0;
}

export function ProductVideos({ productId }: { productId: string }) {
  // The current list decides the polling of the subscription below.
  const { data: current } = mediaApi.endpoints.getProductVideos.useQueryState(productId);
  const {
    data: videos,
    isLoading,
    isError,
  } = useGetProductVideosQuery(productId, {
    pollingInterval: videosPollInterval(current),
  });
  const [modal, confirmHolder] = Modal.useModal();

  return (
    <section className="kb-panel" aria-labelledby="kb-videos-title">
      <div className="kb-panel__head">
        <h2 id="kb-videos-title" className="kb-panel__title">
          Product Videos
        </h2>
      </div>
      <VideoUploader productId={productId} />
      {isLoading ? (
        <p className="kb-panel__empty">Loading videos...</p>
      ) : isError ? (
        <p className="kb-panel__empty">The videos could not be loaded.</p>
      ) : !videos || videos.length === 0 ? (
        <p className="kb-panel__empty">No videos uploaded yet.</p>
      ) : (
        <ul className="kb-videos" aria-label="Uploaded videos">
          {videos.map((video) => (
            <VideoRow key={video.id} video={video} confirm={modal.confirm} />
          ))}
        </ul>
      )}
      {confirmHolder}
    </section>
  );
}

function VideoUploader({ productId }: { productId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const checkVideo = useVideoChecks();
  const { progress, uploading, upload, resetProgress } = useVideoUpload();
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function onPicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!(await checkVideo(file)) || !file) return;
    clearTimeout(resetTimer.current);
    try {
      await upload(productId, file);
      toast.success('Video uploaded successfully - AI analysis will begin shortly');
    } catch (error) {
      // An upgrade-required refusal has opened the upgrade dialog instead.
      if (!isUpgradeError(error)) toast.error(uploadErrorMessage(error));
    } finally {
      resetTimer.current = setTimeout(resetProgress, PROGRESS_RESET_MS);
    }
  }

  return (
    <div className="kb-upload">
      <input
        ref={input}
        type="file"
        accept="video/*"
        aria-label="Video file"
        tabIndex={-1}
        className="kb-upload__input"
        onChange={(event) => void onPicked(event)}
      />
      <Button
        type="primary"
        icon={<CloudUploadOutlined {...hidden} />}
        loading={uploading}
        onClick={() => input.current?.click()}
      >
        {uploading ? 'Uploading...' : 'Upload Video'}
      </Button>
      {progress !== null && (
        <Progress
          className="kb-upload__progress"
          percent={progress}
          status={uploading ? 'active' : undefined}
          aria-label="Upload progress"
        />
      )}
      <p className="kb-upload__hint">Supported formats: MP4, WebM, MOV. Max size: 500MB</p>
      <p className="kb-upload__hint">
        You can upload videos at any time, even while others are being processed
      </p>
    </div>
  );
}

type Confirm = ReturnType<typeof Modal.useModal>[0]['confirm'];

function VideoRow({ video, confirm }: { video: Video; confirm: Confirm }) {
  const [deleteVideo] = useDeleteVideoMutation();
  const [retryAnalysis] = useRetryAnalysisMutation();
  const status = video.analysisStatus ?? 'uploaded';

  async function retry() {
    try {
      await retryAnalysis({ videoId: video.id, productId: video.productId }).unwrap();
      toast.success('Analysis restarted');
    } catch {
      toast.error('Failed to restart analysis');
    }
  }

  async function remove() {
    try {
      await deleteVideo({ id: video.id, productId: video.productId }).unwrap();
      toast.success('Video deleted');
    } catch {
      toast.error('Failed to delete video');
    }
  }

  // The confirm closes at once; the outcome arrives as a toast.
  function onRetry() {
    confirm({
      title: 'Restart the analysis?',
      content: `The analysis of "${video.originalName}" starts again from the beginning.`,
      okText: 'Retry',
      cancelText: 'Cancel',
      onOk: () => void retry(),
    });
  }

  function onDelete() {
    confirm({
      title: 'Delete this video?',
      content: `"${video.originalName}" and what was learned from it will be removed. This action cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => void remove(),
    });
  }

  return (
    <li className="kb-video">
      <VideoCameraOutlined {...hidden} className="kb-video__icon" />
      <div className="kb-video__body">
        <p className="kb-video__name">{video.originalName}</p>
        <p className="kb-video__meta">
          <span>{formatFileSize(video.fileSize)}</span>
          <Tag className={`kb-video__status kb-video__status--${status}`}>
            {status === 'analyzing' && typeof video.analysisProgress === 'number'
              ? `${status} ${video.analysisProgress}%`
              : status}
          </Tag>
        </p>
      </div>
      <div className="kb-video__actions">
        {status === 'failed' && (
          <Button
            icon={<ReloadOutlined {...hidden} />}
            aria-label={`Retry analysis of ${video.originalName}`}
            onClick={onRetry}
          >
            Retry
          </Button>
        )}
        <Button
          danger
          icon={<DeleteOutlined {...hidden} />}
          aria-label={`Delete ${video.originalName}`}
          onClick={onDelete}
        />
      </div>
    </li>
  );
}
