import { aFlowJob, aJob } from '../../test/chat';
import { settleJobs, type Watched } from './use-chat-jobs';

describe(settleJobs.name, () => {
  const watching = (since = 1_000): Watched => new Map([['job-1', { sessionId: 'session-1', since }]]);

  it('should watch a job a poll shows running, as after a reload', () => {
    const { watched, finished } = settleJobs(
      new Map(),
      [aJob({ id: 'job-9', sessionId: 'session-3' })],
      5,
      'analytics_strategy',
    );
    expect([...watched.entries()]).toEqual([['job-9', { sessionId: 'session-3', since: 0 }]]);
    expect(finished).toEqual([]);
  });

  it('should report a watched job that completed or failed once, and not a job it never watched', () => {
    const done = aJob({ status: 'completed', progress: 100 });
    const old = aJob({ id: 'job-0', status: 'failed' });
    const settled = settleJobs(watching(), [done, old], 2_000, 'analytics_strategy');
    expect(settled.finished).toEqual([done]);
    expect(settled.watched.size).toBe(0);
    expect(settleJobs(settled.watched, [done, old], 3_000, 'analytics_strategy').finished).toEqual([]);
  });

  it('should keep a job just started that an older answer does not list yet, and drop it from a newer one', () => {
    expect(settleJobs(watching(1_000), [], 999, 'analytics_strategy').watched.size).toBe(1);
    expect(settleJobs(watching(1_000), [], 1_001, 'analytics_strategy').watched.size).toBe(0);
  });

  it('should leave the jobs of another kind of answer to their own page', () => {
    const flow = aFlowJob({ id: 'job-1', status: 'completed', progress: 100 });
    const running = aFlowJob({ id: 'job-2' });
    const settled = settleJobs(watching(), [flow, running], 2_000, 'analytics_strategy');
    expect(settled.finished).toEqual([]);
    expect([...settled.watched.keys()]).toEqual([]);
    expect(settleJobs(watching(), [flow], 2_000, 'user_flow').finished).toEqual([flow]);
  });
});
