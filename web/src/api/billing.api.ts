/** billing: subscription, checkout and payment verification (product-spec §7, ARCHITECTURE §3). Later issues inject the endpoints here. */
import { api } from '../app/api';

export const billingApi = api.injectEndpoints({
  endpoints: () => ({}),
});
