/**
 * The jobs of one chat page (product-spec §4 Analytics strategy job, §7, §8): the product's job list is polled
 * every 5 s while a job of the page's kind is pending or running; when one ends, the toast says so in the page's
 * words and its session's messages are refetched. A job is known from a send, or from a poll that shows it
 * running (after a reload). Jobs of the other kinds belong to the other chat pages.
 */
import { useCallback, useEffect, useState } from 'react';
import { useGetChatJobsQuery, type ChatJob, type ChatJobType } from '../../api/chat.api';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../components/toast';
import type { ChatKind } from './chat-kind';

export const JOBS_POLL_MS = 5_000;

interface WatchedJob {
  sessionId: string;
  /** A job list answered after this that lacks the job (its session deleted) ends the watch. */
  since: number;
}

export type Watched = ReadonlyMap<string, WatchedJob>;

export function isActive(job: Pick<ChatJob, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'running';
}

/** What a job list answered at `answeredAt` means for the watched jobs of a type: which still run, which ended. */
export function settleJobs(
  watched: Watched,
  allJobs: readonly ChatJob[],
  answeredAt: number,
  type: ChatJobType,
): { watched: Map<string, WatchedJob>; finished: ChatJob[] } {
  const next = new Map(watched);
  const finished: ChatJob[] = [];
  const jobs = allJobs.filter((job) => job.type === type);
  const listed = new Set(jobs.map((job) => job.id));
  for (const job of jobs) {
    if (isActive(job)) {
      if (!next.has(job.id)) next.set(job.id, { sessionId: job.sessionId, since: 0 });
    } else if (next.delete(job.id)) {
      finished.push(job);
    }
  }
  for (const [id, job] of next) if (!listed.has(id) && answeredAt > job.since) next.delete(id);
  return { watched: next, finished };
}

function sameKeys(a: Watched, b: Watched): boolean {
  return a.size === b.size && [...a.keys()].every((key) => b.has(key));
}

/** Toasts render in their own React root: they are shown after this commit, not inside it. */
function announce(show: () => void): void {
  setTimeout(show, 0);
}

export interface RunningJob {
  progress: number;
  stage: string | null;
}

export interface ChatJobs {
  watch: (jobId: string, sessionId: string) => void;
  /** The job that runs in a session, if any. */
  runningIn: (sessionId: string) => RunningJob | null;
}

export function useChatJobs(
  productId: string,
  { chatType, generated, failedTitle, failedText }: ChatKind,
): ChatJobs {
  const dispatch = useAppDispatch();
  const [watched, setWatched] = useState<Watched>(() => new Map());
  const { data: jobs, fulfilledTimeStamp } = useGetChatJobsQuery(productId, {
    pollingInterval: watched.size > 0 ? JOBS_POLL_MS : 0,
  });

  useEffect(() => {
    if (!jobs) return;
    const settled = settleJobs(watched, jobs, fulfilledTimeStamp ?? 0, chatType);
    if (sameKeys(watched, settled.watched)) return;
    setWatched(settled.watched);
    for (const job of settled.finished) {
      // The answer joins the thread; billing gives a failed job's message back.
      dispatch(api.util.invalidateTags([{ type: 'ChatMessage', id: job.sessionId }, 'Subscription']));
      if (job.status === 'completed') announce(() => toast.success(generated));
      else announce(() => toast.error(failedTitle, job.error?.trim() || failedText));
    }
  }, [jobs, fulfilledTimeStamp, watched, dispatch, chatType, generated, failedTitle, failedText]);

  const watch = useCallback((jobId: string, sessionId: string) => {
    setWatched((current) => new Map(current).set(jobId, { sessionId, since: Date.now() }));
  }, []);

  const runningIn = (sessionId: string): RunningJob | null => {
    for (const [id, job] of watched) {
      if (job.sessionId !== sessionId) continue;
      const listed = jobs?.find((candidate) => candidate.id === id);
      return { progress: listed?.progress ?? 0, stage: listed?.stage ?? null };
    }
    return null;
  };

  return { watch, runningIn };
}
