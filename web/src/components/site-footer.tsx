/** Footer of the public pages. */
import { Link } from 'react-router-dom';
import { EXTERNAL_LINKS } from './external-links';
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
            <li>
              <a href={EXTERNAL_LINKS.blog} target="_blank" rel="noopener noreferrer">
                Blog
              </a>
            </li>
            <li>
              <a href={EXTERNAL_LINKS.youtube} target="_blank" rel="noopener noreferrer">
                YouTube
              </a>
            </li>
            <li>
              <a href={EXTERNAL_LINKS.about} target="_blank" rel="noopener noreferrer">
                About
              </a>
            </li>
            <li>
              <a href={EXTERNAL_LINKS.bookDemo} target="_blank" rel="noopener noreferrer">
                Book a Demo
              </a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copy">© {new Date().getFullYear()} Tracklens</p>
      </div>
    </footer>
  );
}
