/** Any unknown route: '404: No such page!' (product-spec §2). */
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <main className="screen-center">
      <h1 className="not-found__title">404: No such page!</h1>
      <Link to="/" className="tl-button tl-button--primary tl-button--large">
        Home
      </Link>
    </main>
  );
}
