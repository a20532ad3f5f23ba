/**
 * The guard of product-spec §2: shows the loading message while the session is checked, sends
 * visitors to /login (remembering where they were), and free users to /pricing where a route needs Pro.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { STORAGE_KEYS, writeString } from '../lib/storage';
import { useAppSelector } from './hooks';

function ToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    writeString(STORAGE_KEYS.redirectAfterLogin, from);
    void navigate('/login', { replace: true });
  }, [from, navigate]);
  return null;
}

export function RequireAuth({
  children,
  requireSubscription = false,
}: {
  children: ReactNode;
  requireSubscription?: boolean;
}) {
  const { user, initialized } = useAppSelector((state) => state.session);
  const location = useLocation();
  if (!initialized) return <LoadingScreen />;
  if (!user) return <ToLogin from={`${location.pathname}${location.search}`} />;
  if (requireSubscription && user.subscriptionStatus !== 'active') return <Navigate to="/pricing" replace />;
  return <>{children}</>;
}
