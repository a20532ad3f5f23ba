/** `/dashboard`: goes to the current product (product-spec §2 Dashboard); without products, offers to create one. */
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import Button from 'antd/es/button';
import { Navigate, useNavigate } from 'react-router-dom';
import { isApiError, isAuthError } from '../../api/base-query';
import { useGetProductsQuery, type Product } from '../../api/catalog.api';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { lastCreatedProductId } from '../product/current-product';
import './dashboard.css';

/** product-spec §9: the dashboard polls every 20 s. */
const PRODUCTS_POLL_MS = 20_000;

/** The product just created in onboarding if it is the user's, else the most recently created, else the last. */
export function currentProduct(products: Product[]): Product | undefined {
  const createdId = lastCreatedProductId();
  const own = products.find((product) => product.id === createdId);
  if (own) return own;
  const newest = [...products].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return newest ?? products[products.length - 1];
}

export default function DashboardPage() {
  // product-spec §9: the dashboard forces a fresh list rather than trusting the cache.
  const { data, isLoading, isError, error, refetch } = useGetProductsQuery(undefined, {
    pollingInterval: PRODUCTS_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <LoadingScreen />;
  if (isError) {
    // A 401 has already ended the session (the session-expired screen replaces this page).
    if (isApiError(error) && isAuthError(error)) return <LoadingScreen />;
    return <ErrorScreen variant="unexpected" onAction={() => void refetch()} />;
  }
  const product = currentProduct(data ?? []);
  if (product) return <Navigate to={`/products/${encodeURIComponent(product.id)}`} replace />;
  return <NoProducts />;
}

function NoProducts() {
  const navigate = useNavigate();
  return (
    <main className="dashboard-empty">
      <section className="dashboard-empty__card" aria-labelledby="no-products-title">
        <AppstoreAddOutlined aria-hidden="true" aria-label={undefined} className="dashboard-empty__icon" />
        <h1 id="no-products-title" className="dashboard-empty__title">
          No products found
        </h1>
        <p className="dashboard-empty__text">
          Create your first product, upload a demo video, and get tracking plans and KPIs in minutes.
        </p>
        <Button type="primary" size="large" onClick={() => void navigate('/onboarding-name')}>
          Create Product
        </Button>
      </section>
    </main>
  );
}
