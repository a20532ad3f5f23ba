/** product-spec §2: a missing product (or another user's) shows 'Product not found' with Back to Dashboard. */
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../api/base-query';

/** Whether a failed product load means 'no such product for this user' (a malformed id included). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

export function ProductNotFound() {
  const navigate = useNavigate();
  return (
    <main className="product-page product-page--centered">
      <Result
        status="404"
        title={<h1 className="product-page__result-title">Product not found</h1>}
        subTitle="It may have been removed, or it belongs to another account."
        extra={
          <Button type="primary" size="large" onClick={() => void navigate('/dashboard')}>
            Back to Dashboard
          </Button>
        }
      />
    </main>
  );
}
