/**
 * A page of one product (/products/{productId}/...): the loading screen while the product loads, 'Product not
 * found' for a missing one, the error screen otherwise, then the page itself, remounted when the product changes.
 */
import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError, isAuthError } from '../../api/base-query';
import { useGetProductQuery, type Product } from '../../api/catalog.api';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { ProductNotFound, isNotFound } from './product-not-found';

export function ProductRoute({ children }: { children: (product: Product) => ReactNode }) {
  const productId = useParams().productId ?? '';
  const { data: product, isLoading, isError, error, refetch } = useGetProductQuery(productId);

  if (isLoading) return <LoadingScreen />;
  if (isError || !product) {
    if (isNotFound(error)) return <ProductNotFound />;
    // The session listener is logging the user out: nothing to show meanwhile.
    if (isApiError(error) && isAuthError(error)) return <LoadingScreen />;
    return <ErrorScreen variant="unexpected" onAction={() => void refetch()} />;
  }
  return <Fragment key={product.id}>{children(product)}</Fragment>;
}
