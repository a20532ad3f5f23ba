/** Footer of the public pages. */
import { Link } from 'react-router-dom';
import { ExternalNavItems } from './external-nav-items';
import { Logo } from './logo';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <Logo />
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <ExternalNavItems withBookDemo />
          </ul>
        </nav>
        <p className="site-footer__copy">© {new Date().getFullYear()} Tracklens</p>
      </div>
    </footer>
  );
}
