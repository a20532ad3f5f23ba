/** identity: sign-in, sign-up, logout and the current user (product-spec §7). */
import type { User } from '@tracklens/contracts';
import { api } from '../app/api';

export type { User };

export interface LoginBody {
  email: string;
  password: string;
}

export interface RegisterBody extends LoginBody {
  name: string;
}

/** The server answers {user} or the user itself (product-spec §7). */
function toUser(response: unknown): User {
  if (typeof response === 'object' && response !== null && 'user' in response) {
    return (response as { user: User }).user;
  }
  return response as User;
}

export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<User, LoginBody>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
      transformResponse: toUser,
    }),
    register: build.mutation<User, RegisterBody>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
      transformResponse: toUser,
    }),
    logout: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/api/logout', method: 'POST' }),
    }),
    getMe: build.query<User, void>({
      query: () => '/api/user/me',
      transformResponse: toUser,
      providesTags: [{ type: 'User', id: 'ME' }],
    }),
    getUser: build.query<User, string>({
      query: (id) => `/api/user/${encodeURIComponent(id)}`,
      transformResponse: toUser,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation, useGetMeQuery, useGetUserQuery } =
  identityApi;
