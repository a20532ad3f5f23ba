/** Starts a checkout from a signed-in screen and, for the new-tab checkout, shows /payment-processing. */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { startCheckout, type CheckoutOptions } from './checkout';

export function useCheckout(mode: CheckoutOptions['mode'], wording: CheckoutOptions['wording'] = 'default') {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);

  async function start(): Promise<boolean> {
    setPending(true);
    try {
      const referrer = `${location.pathname}${location.search}`;
      const opened = await dispatch(startCheckout({ mode, referrer, wording }));
      if (opened && mode === 'new-tab') await navigate('/payment-processing');
      return opened;
    } finally {
      setPending(false);
    }
  }

  return { start, pending };
}
