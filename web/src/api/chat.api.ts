/** chat: chat sessions, messages, analytics strategy jobs (product-spec §7, ARCHITECTURE §3). Later issues inject the endpoints here. */
import { api } from '../app/api';

export const chatApi = api.injectEndpoints({
  endpoints: () => ({}),
});
