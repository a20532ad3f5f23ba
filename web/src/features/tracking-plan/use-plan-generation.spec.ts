import type { TrackingPlanStatusResponse } from '../../api/planning.api';
import { errorMessageOr } from './error-message';
import { statusOutcome } from './use-plan-generation';

function answer(
  isGenerating: boolean,
  plan: { status: 'generating' | 'completed' | 'failed'; jobId: string } | null,
): TrackingPlanStatusResponse {
  return { isGenerating, trackingPlan: plan ? { id: `plan-${plan.jobId}`, progress: 30, ...plan } : null };
}

describe(statusOutcome.name, () => {
  const tracked = { jobId: 'job-2', since: 1_000 };

  it('should restore the generating state when a plan generates and none is tracked', () => {
    expect(statusOutcome(null, answer(true, { status: 'generating', jobId: 'job-9' }), 5)).toEqual({
      kind: 'restore',
      jobId: 'job-9',
    });
    expect(statusOutcome(null, answer(false, { status: 'completed', jobId: 'job-1' }), 5)).toEqual({
      kind: 'ignore',
    });
  });

  it('should ignore an authentication error (null), a missing answer and answers older than the start', () => {
    expect(statusOutcome(tracked, null, 2_000)).toEqual({ kind: 'ignore' });
    expect(statusOutcome(tracked, undefined, 2_000)).toEqual({ kind: 'ignore' });
    expect(statusOutcome(tracked, answer(false, { status: 'completed', jobId: 'job-2' }), 999)).toEqual({
      kind: 'ignore',
    });
  });

  it("should ignore an answer about the previous plan, so its 'completed' is not taken for the new job's", () => {
    expect(statusOutcome(tracked, answer(false, { status: 'completed', jobId: 'job-1' }), 2_000)).toEqual({
      kind: 'ignore',
    });
  });

  it('should report running, failed, completed, and cleared when nothing generates any more', () => {
    expect(statusOutcome(tracked, answer(true, { status: 'generating', jobId: 'job-2' }), 2_000)).toEqual({
      kind: 'running',
      jobId: 'job-2',
    });
    expect(statusOutcome(tracked, answer(false, { status: 'failed', jobId: 'job-2' }), 2_000)).toEqual({
      kind: 'failed',
    });
    expect(statusOutcome(tracked, answer(false, { status: 'completed', jobId: 'job-2' }), 2_000)).toEqual({
      kind: 'completed',
    });
    expect(statusOutcome(tracked, answer(false, null), 2_000)).toEqual({ kind: 'cleared' });
  });

  it('should learn the job from the poll when the start said one was already generating', () => {
    const unnamed = { jobId: null, since: 1_000 };
    expect(statusOutcome(unnamed, answer(true, { status: 'generating', jobId: 'job-7' }), 2_000)).toEqual({
      kind: 'running',
      jobId: 'job-7',
    });
    expect(statusOutcome(unnamed, answer(false, { status: 'completed', jobId: 'job-7' }), 2_000)).toEqual({
      kind: 'completed',
    });
  });
});

describe(errorMessageOr.name, () => {
  it("should use the server's message, or the screen's wording when there is none", () => {
    expect(errorMessageOr({ status: 409, message: 'Tracking plan is still generating' }, 'Failed')).toBe(
      'Tracking plan is still generating',
    );
    expect(errorMessageOr({ status: 500, message: ' ' }, 'Failed')).toBe('Failed');
    expect(errorMessageOr(new TypeError('x'), 'Failed')).toBe('Failed');
  });
});
