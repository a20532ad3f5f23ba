/** planning: tracking plans, their generation status and exports (product-spec §7, ARCHITECTURE §3). Later issues inject the endpoints here. */
import { api } from '../app/api';

export const planningApi = api.injectEndpoints({
  endpoints: () => ({}),
});
