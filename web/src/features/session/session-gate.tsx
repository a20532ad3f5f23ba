/** Root of every route: the session-expired screen replaces any page once a 401 ended the session. */
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useRouteError } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { expiryAcknowledged } from './session.slice';

export function SessionGate() {
  const expired = useAppSelector((state) => state.session.expired);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (expired) {
    return (
      <ErrorScreen
        variant="session-expired"
        onAction={() => {
          void Promise.resolve(navigate('/login')).then(() => dispatch(expiryAcknowledged()));
        }}
      />
    );
  }
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Any other render error (product-spec §8): 'An unexpected error occurred. Please try again.' */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen variant="unexpected" onAction={() => window.location.reload()} />;
}
