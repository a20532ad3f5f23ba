/**
 * The video upload of onboarding and the knowledge base (product-spec §4 Onboarding upload flow): the checks
 * of §5 with their toasts or the upgrade dialog, then POST /api/uploads, the PUT with progress, and the
 * registration (POST /api/products/{id}/videos/direct).
 */
import { useCallback, useState } from 'react';
import { isApiError, type ApiError } from '../../api/base-query';
import { identityApi, type User } from '../../api/identity.api';
import { useCreateUploadMutation, useRegisterVideoMutation, type Video } from '../../api/media.api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../components/toast';
import { putFile } from '../../lib/upload';
import { readVideoDuration } from '../../lib/video-duration';
import { upgradeRequested } from '../billing/upgrade.slice';
import { signedIn } from '../session/session.thunks';
import { checkVideo } from './video-checks';

/** Runs the checks of product-spec §5 and tells the user about the first that fails; true when all pass. */
export function useVideoChecks(): (file: File | null | undefined) => Promise<boolean> {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);

  return useCallback(
    async (file) => {
      if (!user) {
        toast.error('Authentication required', 'Please log in to upload videos');
        return false;
      }
      const fetchUser = async (): Promise<User | null> => {
        const result = await dispatch(
          identityApi.endpoints.getUser.initiate(user.id, { subscribe: false, forceRefetch: true }),
        );
        if (!result.data || result.data.id !== user.id) return null;
        dispatch(signedIn(result.data));
        return result.data;
      };
      const outcome = await checkVideo(file, { user, fetchUser, readDuration: readVideoDuration });
      if (outcome.kind === 'problem') toast.error(outcome.problem.title, outcome.problem.description);
      if (outcome.kind === 'upgrade') dispatch(upgradeRequested(outcome.reason));
      return outcome.kind === 'ok';
    },
    [dispatch, user],
  );
}

export interface VideoUpload {
  /** 0-100 while the file is on its way; null otherwise. */
  progress: number | null;
  uploading: boolean;
  /** Uploads and registers the file; rejects with an ApiError. */
  upload: (productId: string, file: File) => Promise<Video>;
  /** Hides the progress bar. */
  resetProgress: () => void;
}

export function useVideoUpload(): VideoUpload {
  const [createUpload] = useCreateUploadMutation();
  const [registerVideo] = useRegisterVideoMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);

  const upload = useCallback(
    async (productId: string, file: File) => {
      setUploading(true);
      setProgress(0);
      try {
        const target = await createUpload({
          productId,
          fileName: file.name,
          contentType: file.type,
          fileSize: file.size,
        }).unwrap();
        await putFile(target, file, { onProgress: setProgress });
        return await registerVideo({
          productId,
          storageKey: target.storageKey,
          originalName: file.name,
          fileSize: file.size,
          contentType: file.type,
        }).unwrap();
      } finally {
        setUploading(false);
      }
    },
    [createUpload, registerVideo],
  );

  const resetProgress = useCallback(() => setProgress(null), []);
  return { progress, uploading, upload, resetProgress };
}

/** An upgrade-required refusal: the upgrade listener has opened the dialog already (product-spec §8). */
export function isUpgradeError(error: unknown): error is ApiError {
  return isApiError(error) && error.upgradeRequired === true;
}

/** The server's `error` field, else its message (product-spec §8: 'Upload failed' plus the server's error or message). */
export function serverErrorText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.data;
  if (typeof data === 'object' && data !== null) {
    const field = (data as Record<string, unknown>).error;
    if (typeof field === 'string' && field !== '') return field;
  }
  return error.message;
}
