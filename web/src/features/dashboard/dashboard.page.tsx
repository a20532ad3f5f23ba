/** `/dashboard`: goes to the current product (product-spec §2 Dashboard); without products, offers to create one. */
import { Navigate } from 'react-router-dom';
import { isApiError, isAuthError } from '../../api/base-query';
import { useGetProductsQuery, type Product } from '../../api/catalog.api';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { PlaceholderPage } from '../../components/placeholder-page';
import { STORAGE_KEYS, readJson } from '../../lib/storage';

/** The product just created in onboarding if it is the user's, else the most recently created, else the last. */
export function currentProduct(products: Product[]): Product | undefined {
  const created = readJson<{ id?: string } | string>(STORAGE_KEYS.lastCreatedProduct);
  const createdId = typeof created === 'string' ? created : created?.id;
  const own = products.find((product) => product.id === createdId);
  if (own) return own;
  const newest = [...products].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return newest ?? products[products.length - 1];
}

export default function DashboardPage() {
  const { data, isLoading, isError, error, refetch } = useGetProductsQuery();
  if (isLoading) return <LoadingScreen />;
  if (isError) {
    // A 401 has already ended the session (the session-expired screen replaces this page).
    if (isApiError(error) && isAuthError(error)) return <LoadingScreen />;
    return <ErrorScreen variant="unexpected" onAction={() => void refetch()} />;
  }
  const product = currentProduct(data ?? []);
  if (product) return <Navigate to={`/products/${encodeURIComponent(product.id)}`} replace />;
  return (
    <PlaceholderPage
      title="No products found"
      links={[{ to: '/onboarding-name', label: 'Create Product' }]}
    />
  );
}
