/** A chat page's top (product-spec §2): 'Back to {product name}' and the heading with its subtitle. */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { Link } from 'react-router-dom';
import type { Product } from '../../api/catalog.api';
import './chat-workspace.css';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export function ChatPageHeader({
  product,
  name,
  subtitle,
}: {
  product: Product;
  name: string;
  subtitle: string;
}) {
  return (
    <>
      <Link to={`/products/${encodeURIComponent(product.id)}`} className="kb-back">
        <ArrowLeftOutlined {...hidden} /> Back to {product.name}
      </Link>
      <header className="product-page__header">
        <h1 className="chat-page__title">
          <span className="chat-page__name">{name}</span>
          <span className="visually-hidden"> - </span>
          <span className="chat-page__subtitle">{subtitle}</span>
        </h1>
      </header>
    </>
  );
}
