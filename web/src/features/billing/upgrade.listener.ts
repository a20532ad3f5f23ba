/**
 * product-spec §8: any failed request whose error says upgradeRequired opens the upgrade dialog, with the
 * restriction code and, for a video that is too long, its duration.
 */
import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { isApiError, type ApiError } from '../../api/base-query';
import { upgradeRequested, type UpgradeReason } from './upgrade.slice';

function numberField(data: unknown, key: string): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The dialog's reason from an upgrade-required error body (product-spec §3). */
export function upgradeReasonOf(error: ApiError): UpgradeReason {
  const reason: UpgradeReason = {};
  if (error.code) reason.code = error.code;
  const videoDuration = numberField(error.data, 'videoDuration');
  const videoDurationMinutes = numberField(error.data, 'videoDurationMinutes');
  if (videoDuration !== undefined) reason.videoDuration = videoDuration;
  if (videoDurationMinutes !== undefined) reason.videoDurationMinutes = videoDurationMinutes;
  return reason;
}

export const upgradeListener = createListenerMiddleware();

upgradeListener.startListening({
  matcher: isRejectedWithValue,
  effect: (action, listenerApi) => {
    if (!isApiError(action.payload) || action.payload.upgradeRequired !== true) return;
    listenerApi.dispatch(upgradeRequested(upgradeReasonOf(action.payload)));
  },
});
