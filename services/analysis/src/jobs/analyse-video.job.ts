/** The analyse-video job: one video's analysis, handed to the domain's VideoAnalysis with a pooled understander. */
import { defineJob, type Database, type RegisteredJob } from '@tracklens/kit';
import { z } from 'zod';
import type { RunStore } from '../domain/ports';
import { ANALYSIS_QUEUE, type VideoAnalysis } from '../domain/video-analysis';
import type { UnderstanderPool } from '../pipeline/understander-pool';

export interface AnalyseVideoJobOptions {
  analysis: VideoAnalysis;
  /** The runs bound to a transaction that holds the job, so only the attempt that owns it writes. */
  runsIn(tx: Database): RunStore;
  understanders: UnderstanderPool;
  concurrency: number;
}

export function analyseVideoJob({ analysis, runsIn, understanders, concurrency }: AnalyseVideoJobOptions): RegisteredJob {
  return defineJob({
    ...ANALYSIS_QUEUE,
    concurrency,
    payload: z.object({ videoId: z.string().min(1).max(200) }),
    handle: ({ videoId }, context) =>
      understanders.use((understander) =>
        analysis.run(
          videoId,
          { signal: context.signal, lastAttempt: context.lastAttempt, fenced: (work) => context.transaction((tx) => work(runsIn(tx))) },
          understander,
        ),
      ),
    onGiveUp: ({ videoId }, error) => analysis.giveUp(videoId, error),
  });
}
