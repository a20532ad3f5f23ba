import { aJob } from '../../test/chat';
import { settleJobs, type Watched } from './use-strategy-jobs';

describe(settleJobs.name, () => {
  const watching = (since = 1_000): Watched => new Map([['job-1', { sessionId: 'session-1', since }]]);

  it('should watch a job a poll shows running, as after a reload', () => {
    const { watched, finished } = settleJobs(new Map(), [aJob({ id: 'job-9', sessionId: 'session-3' })], 5);
    expect([...watched.entries()]).toEqual([['job-9', { sessionId: 'session-3', since: 0 }]]);
    expect(finished).toEqual([]);
  });

  it('should report a watched job that completed or failed once, and not a job it never watched', () => {
    const done = aJob({ status: 'completed', progress: 100 });
    const old = aJob({ id: 'job-0', status: 'failed' });
    const settled = settleJobs(watching(), [done, old], 2_000);
    expect(settled.finished).toEqual([done]);
    expect(settled.watched.size).toBe(0);
    expect(settleJobs(settled.watched, [done, old], 3_000).finished).toEqual([]);
  });

  it('should keep a job just started that an older answer does not list yet, and drop it from a newer one', () => {
    expect(settleJobs(watching(1_000), [], 999).watched.size).toBe(1);
    expect(settleJobs(watching(1_000), [], 1_001).watched.size).toBe(0);
  });
});
