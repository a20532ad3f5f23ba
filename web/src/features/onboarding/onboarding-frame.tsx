/** The onboarding card: step counter with its progress, heading, and the step's content (no sidebar). */
import type { ReactNode } from 'react';
import './onboarding.css';

export function OnboardingFrame({
  step,
  title,
  lead,
  children,
}: {
  /** 1 or 2 of 2; absent on the confirmation page. */
  step?: 1 | 2;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="onboarding">
      <section className="onboarding__card" aria-labelledby="onboarding-title">
        {step && (
          <div className="onboarding__steps">
            <p className="onboarding__step">Step {step} of 2</p>
            <div className="onboarding__step-bars" aria-hidden="true">
              <span className="onboarding__step-bar onboarding__step-bar--done" />
              <span className={`onboarding__step-bar${step === 2 ? ' onboarding__step-bar--done' : ''}`} />
            </div>
          </div>
        )}
        <h1 id="onboarding-title" className="onboarding__title">
          {title}
        </h1>
        {lead && <p className="onboarding__lead">{lead}</p>}
        {children}
      </section>
    </main>
  );
}
