/** The status a run shows the rest of Tracklens (product-spec §4) and the event that announces it. */
import { createEnvelope, type OutgoingEvent } from '@tracklens/kit';
import { subjects, type AnalysisStatus, type VideoAnalysisStatusChanged } from '@tracklens/contracts';
import type { Run, RunStatus } from './ports';

/** queued and finalizing are 'processing' to users; a running analysis is 'analyzing'. */
export function publicStatus(status: RunStatus): AnalysisStatus {
  switch (status) {
    case 'queued':
    case 'finalizing':
      return 'processing';
    case 'running':
      return 'analyzing';
    default:
      return status;
  }
}

function subjectOf(status: AnalysisStatus): string {
  switch (status) {
    case 'page_specs_ready':
      return subjects.pageSpecsReady;
    case 'failed':
      return subjects.videoFailed;
    case 'completed':
      return subjects.videoCompleted;
    default:
      return subjects.videoProgressed;
  }
}

/** analysis.video.progressed | failed | completed or analysis.pagespecs.ready, all with the same payload. */
export function statusEvent(
  run: Pick<Run, 'videoId' | 'productId' | 'userId'>,
  status: AnalysisStatus,
  extra: { progress?: number; error?: string } = {},
): OutgoingEvent {
  const data: VideoAnalysisStatusChanged = {
    videoId: run.videoId,
    productId: run.productId,
    userId: run.userId,
    status,
    ...(extra.progress !== undefined ? { progress: extra.progress } : {}),
    ...(extra.error !== undefined ? { error: extra.error } : {}),
  };
  const subject = subjectOf(status);
  return { subject, envelope: createEnvelope('analysis', subject, data) };
}
