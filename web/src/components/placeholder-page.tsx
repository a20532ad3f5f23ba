/** A route whose screen is not built yet: its heading from the spec inside the signed-in frame, never a blank page. */
import { Link } from 'react-router-dom';
import './placeholder-page.css';

export interface PlaceholderLink {
  to: string;
  label: string;
}

export function PlaceholderPage({
  title,
  subtitle,
  links = [],
}: {
  title: string;
  subtitle?: string;
  links?: PlaceholderLink[];
}) {
  return (
    <main className="placeholder-page" data-testid="placeholder-page">
      <section className="placeholder-page__card" aria-labelledby="placeholder-title">
        <h1 id="placeholder-title" className="placeholder-page__title">
          {title}
        </h1>
        {subtitle && <p className="placeholder-page__subtitle">{subtitle}</p>}
        {links.length > 0 && (
          <nav className="placeholder-page__links" aria-label={title}>
            {links.map((link) => (
              <Link key={link.to} to={link.to} className="tl-button tl-button--outline">
                {link.label}
              </Link>
            ))}
          </nav>
        )}
      </section>
    </main>
  );
}
