import { EXTERNAL_LINKS } from './external-links';

const ITEMS = [
  { href: EXTERNAL_LINKS.blog, label: 'Blog' },
  { href: EXTERNAL_LINKS.youtube, label: 'YouTube' },
  { href: EXTERNAL_LINKS.about, label: 'About' },
];

/** The external links of the header and footer (spec §2), as list items opening in a new tab. */
export function ExternalNavItems({ withBookDemo = false }: { withBookDemo?: boolean }) {
  const items = withBookDemo ? [...ITEMS, { href: EXTERNAL_LINKS.bookDemo, label: 'Book a Demo' }] : ITEMS;
  return (
    <>
      {items.map((item) => (
        <li key={item.label}>
          <a href={item.href} target="_blank" rel="noopener noreferrer">
            {item.label}
          </a>
        </li>
      ))}
    </>
  );
}
