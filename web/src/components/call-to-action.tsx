/** The closing call to action of the public pages: Start Free Trial and Book a Demo. */
import { TrialAndDemoActions } from './trial-and-demo-actions';

export function CallToAction() {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="cta__inner">
        <h2 id="cta-title" className="cta__title">
          Transform your product video into actionable analytics
        </h2>
        <p className="cta__text">
          Upload your product video and get comprehensive tracking plans, and analytics strategies powered by
          AI.
        </p>
        <TrialAndDemoActions className="cta__actions" tone="dark-background" />
      </div>
    </section>
  );
}
