/** The answer-chat-question job: one question's answer (a strategy or a user flow), handed to the domain's AnswerJob. */
import { defineJob, type Database, type RegisteredJob } from '@tracklens/kit';
import { z } from 'zod';
import { ChatRepository } from '../db/chat.repository';
import { ANSWER_QUEUE, type AnswerJob } from '../domain/answer-job';

/** Answers computed at once by one process: a model call mostly waits on the network. */
const CONCURRENCY = 4;

export function answerChatQuestionJob(job: AnswerJob, db: Database): RegisteredJob {
  return defineJob({
    ...ANSWER_QUEUE,
    concurrency: CONCURRENCY,
    payload: z.object({ jobId: z.string().uuid() }),
    handle: ({ jobId }, context) =>
      job.run(jobId, {
        signal: context.signal,
        lastAttempt: context.lastAttempt,
        finish: (work) => context.transaction((tx) => work(new ChatRepository(tx))),
      }),
    // Every attempt's worker is gone, so no lease fences this write.
    onGiveUp: ({ jobId }) =>
      job.giveUp(jobId, (work) => db.transaction((tx) => work(new ChatRepository(tx)))),
  });
}
