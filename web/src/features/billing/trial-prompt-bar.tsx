/** The free prompts bar (product-spec §9 trial variant): promptsUsed of 1000, shown to trial users only. */
import { useGetSubscriptionQuery } from '../../api/billing.api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TRIAL_PROMPTS } from '@tracklens/contracts/limits';
import { upgradeRequested } from './upgrade.slice';
import './billing.css';

export function TrialPromptBar() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const { data } = useGetSubscriptionQuery(undefined, { skip: !user });
  if (!data || data.subscriptionStatus !== 'trial' || data.hasActiveSubscription) return null;

  const used = Math.min(Math.max(data.promptsUsed, 0), TRIAL_PROMPTS);
  const exhausted = used >= TRIAL_PROMPTS;
  return (
    <div className="trial-bar" data-testid="trial-prompt-bar">
      <span className="trial-bar__label" id="trial-bar-label">
        {data.promptsUsed} / {TRIAL_PROMPTS} free prompts used
      </span>
      <div
        className="trial-bar__track"
        role="progressbar"
        aria-labelledby="trial-bar-label"
        aria-valuemin={0}
        aria-valuemax={TRIAL_PROMPTS}
        aria-valuenow={used}
      >
        <span
          className={`trial-bar__fill${exhausted ? ' trial-bar__fill--full' : ''}`}
          style={{ width: `${(used / TRIAL_PROMPTS) * 100}%` }}
        />
      </div>
      <button
        type="button"
        className="trial-bar__upgrade"
        onClick={() => dispatch(upgradeRequested(exhausted ? { code: 'TRIAL_PROMPTS' } : undefined))}
      >
        Upgrade to Pro
      </button>
    </div>
  );
}
