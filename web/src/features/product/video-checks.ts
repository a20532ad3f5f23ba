/**
 * The video file checks of product-spec §5, in order: a file (1), a video/ type (2), at most 500MB (3), a known
 * format (4), and for users without an active plan the monthly count (5) and the 5-minute length (6). The
 * server checks all of it again; these spare the user an upload that would be refused.
 */
import type { User } from '../../api/identity.api';
import type { UpgradeReason } from '../billing/upgrade.slice';

export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
/** product-spec §9: the free plan's longest video. */
export const FREE_VIDEO_SECONDS = 300;
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/x-msvideo'];
const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov', 'avi', 'wmv'];

export interface FileProblem {
  title: string;
  description: string;
}

export type CheckOutcome =
  | { kind: 'ok' }
  | { kind: 'problem'; problem: FileProblem }
  | { kind: 'upgrade'; reason: UpgradeReason };

const OK: CheckOutcome = { kind: 'ok' };
const problem = (title: string, description: string): CheckOutcome => ({
  kind: 'problem',
  problem: { title, description },
});

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

type FileFacts = Pick<File, 'name' | 'type' | 'size'>;

const NO_FILE: FileProblem = { title: 'No file selected', description: 'Please select a video file' };

/** Checks 1-4, which need nothing but the file. */
export function videoFileProblem(file: FileFacts | null | undefined): FileProblem | null {
  if (!file) return NO_FILE;
  if (!file.type.startsWith('video/'))
    return { title: 'Invalid file type', description: 'Please select a video file' };
  if (file.size > MAX_VIDEO_BYTES)
    return { title: 'File too large', description: 'Please select a video file smaller than 500MB' };
  if (!VIDEO_TYPES.includes(file.type) && !VIDEO_EXTENSIONS.includes(extensionOf(file.name)))
    return {
      title: 'Invalid file type',
      description: 'Please upload a video file (MP4, WebM, MOV, AVI, WMV)',
    };
  return null;
}

export interface PlanCheckDependencies {
  /** The signed-in user as the session knows it. */
  user: User;
  /** The user fresh from the server (GET /api/user/{id}); rejects or answers null when that fails. */
  fetchUser: () => Promise<User | null>;
  /** The file's duration in seconds from its metadata, or null when it cannot be read. */
  readDuration: (file: File) => Promise<number | null>;
}

const isPro = (user: User) => user.subscriptionStatus === 'active';

/** Checks 5 and 6, for users whose plan is not active; Pro users skip both. */
export async function planProblem(file: File, deps: PlanCheckDependencies): Promise<CheckOutcome> {
  if (isPro(deps.user)) return OK;
  const fresh = await deps.fetchUser().catch(() => null);
  // The latest count when the server answers, the one the browser holds when it does not.
  const user = fresh ?? deps.user;
  if (isPro(user)) return OK;
  if (user.videosUploaded >= 1) return { kind: 'upgrade', reason: { code: 'UPLOAD_RESTRICTED' } };

  const duration = await deps.readDuration(file);
  if (duration === null) return problem('Could not analyze video', 'Please try selecting the video again');
  if (duration > FREE_VIDEO_SECONDS)
    return {
      kind: 'upgrade',
      reason: {
        code: 'UPLOAD_RESTRICTED',
        videoDuration: duration,
        // As the server counts them (billing): started minutes.
        videoDurationMinutes: Math.ceil(duration / 60),
      },
    };
  return OK;
}

/** All six checks in order; the first that fails decides. */
export async function checkVideo(
  file: File | null | undefined,
  deps: PlanCheckDependencies,
): Promise<CheckOutcome> {
  if (!file) return { kind: 'problem', problem: NO_FILE };
  const fileProblem = videoFileProblem(file);
  if (fileProblem) return { kind: 'problem', problem: fileProblem };
  return planProblem(file, deps);
}
