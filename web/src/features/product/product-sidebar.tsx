/**
 * The product pages' sidebar (product-spec §2): Overview, Tracking Plan, Analytics Strategy, User Flows, Saved
 * Items, Knowledge Base, and Settings, which only says it is coming. Below 768 px it becomes a scrolling strip.
 */
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import BookOutlined from '@ant-design/icons/BookOutlined';
import BranchesOutlined from '@ant-design/icons/BranchesOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { useId, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

interface SidebarLink {
  path: string;
  label: string;
  icon: ReactNode;
}

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

const LINKS: SidebarLink[] = [
  { path: '', label: 'Overview', icon: <AppstoreOutlined {...hidden} /> },
  { path: '/tracking-plan', label: 'Tracking Plan', icon: <UnorderedListOutlined {...hidden} /> },
  { path: '/analytics', label: 'Analytics Strategy', icon: <BarChartOutlined {...hidden} /> },
  { path: '/user-flows', label: 'User Flows', icon: <BranchesOutlined {...hidden} /> },
  { path: '/saved', label: 'Saved Items', icon: <StarOutlined {...hidden} /> },
  { path: '/knowledge-base', label: 'Knowledge Base', icon: <BookOutlined {...hidden} /> },
];

export function ProductSidebar({ productId }: { productId: string }) {
  const base = `/products/${encodeURIComponent(productId)}`;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsId = useId();
  return (
    <nav className="product-sidebar" aria-label="Product">
      <ul className="product-sidebar__list">
        {LINKS.map((link) => (
          <li key={link.label}>
            <NavLink to={`${base}${link.path}`} end className="product-sidebar__link">
              {link.icon}
              <span>{link.label}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="product-sidebar__link"
            aria-expanded={settingsOpen}
            aria-controls={settingsId}
            onClick={() => setSettingsOpen((open) => !open)}
          >
            <SettingOutlined {...hidden} />
            <span>Settings</span>
          </button>
        </li>
      </ul>
      <p id={settingsId} className="product-sidebar__settings" hidden={!settingsOpen}>
        Settings panel coming soon...
      </p>
    </nav>
  );
}
