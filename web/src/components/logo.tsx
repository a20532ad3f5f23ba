/** The Tracklens logo: mark and word, linking to a route. */
import { Link } from 'react-router-dom';

export function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="tl-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#tl-logo-gradient)" />
      <path
        d="M8 22l5-6 4 3 7-9"
        stroke="#fff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Tracklens">
      <LogoMark />
      <span>Tracklens</span>
    </Link>
  );
}
