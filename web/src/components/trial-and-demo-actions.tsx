/** The two calls to action of the public pages: Start Free Trial (sign-up) and Book a Demo (external). */
import { Link } from 'react-router-dom';
import { EXTERNAL_LINKS } from './external-links';

interface TrialAndDemoActionsProps {
  className: string;
  /** Button styles for a light or a dark background. */
  tone: 'light-background' | 'dark-background';
}

export function TrialAndDemoActions({ className, tone }: TrialAndDemoActionsProps) {
  const [trial, demo] =
    tone === 'light-background' ? ['tl-button--primary', 'tl-button--outline'] : ['tl-button--light', 'tl-button--on-dark'];
  return (
    <div className={className}>
      <Link to="/signup" className={`tl-button ${trial} tl-button--large`}>
        Start Free Trial
      </Link>
      <a
        href={EXTERNAL_LINKS.bookDemo}
        target="_blank"
        rel="noopener noreferrer"
        className={`tl-button ${demo} tl-button--large`}
      >
        Book a Demo
      </a>
    </div>
  );
}
