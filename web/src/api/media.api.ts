/** media: videos, uploads and the image proxy (product-spec §7, ARCHITECTURE §3). Later issues inject the endpoints here. */
import { api } from '../app/api';

export const mediaApi = api.injectEndpoints({
  endpoints: () => ({}),
});
