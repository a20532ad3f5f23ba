/** The closing call to action of the public pages: Start Free Trial and Book a Demo. */
import { Link } from 'react-router-dom';
import { EXTERNAL_LINKS } from './external-links';

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
        <div className="cta__actions">
          <Link to="/signup" className="tl-button tl-button--light tl-button--large">
            Start Free Trial
          </Link>
          <a
            href={EXTERNAL_LINKS.bookDemo}
            target="_blank"
            rel="noopener noreferrer"
            className="tl-button tl-button--on-dark tl-button--large"
          >
            Book a Demo
          </a>
        </div>
      </div>
    </section>
  );
}
