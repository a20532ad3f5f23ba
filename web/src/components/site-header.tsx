/** Header of the public pages: logo, Pricing, Blog, YouTube, About, Log In, Sign Up (Home on /pricing). */
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { ExternalNavItems } from './external-nav-items';
import { Logo } from './logo';

export function SiteHeader({ showHome = false }: { showHome?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          aria-label="Menu"
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
        <nav
          id="site-nav"
          className={`site-header__nav${open ? ' site-header__nav--open' : ''}`}
          aria-label="Main"
        >
          <ul className="site-header__links">
            {showHome && (
              <li>
                <NavLink to="/" end onClick={close}>
                  Home
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to="/pricing" onClick={close}>
                Pricing
              </NavLink>
            </li>
            <ExternalNavItems />
          </ul>
          <div className="site-header__actions">
            <Link to="/login" className="tl-button tl-button--ghost" onClick={close}>
              Log In
            </Link>
            <Link to="/signup" className="tl-button tl-button--primary" onClick={close}>
              Sign Up
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
