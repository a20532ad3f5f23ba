/** analysis: analysis retries and page specs (product-spec §7, ARCHITECTURE §3). Later issues inject the endpoints here. */
import { api } from '../app/api';

export const analysisApi = api.injectEndpoints({
  endpoints: () => ({}),
});
