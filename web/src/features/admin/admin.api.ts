/** The development admin panel's calls (product-spec §7): database configuration, statistics and clearing. */
import type { ClearStagingDataResult, DatabaseConfig, DatabaseStats } from '@tracklens/contracts';
import { api } from '../../app/api';

export type { ClearStagingDataResult, DatabaseConfig, DatabaseStats };

/** product-spec §7 Polling: admin database stats every 30 s. */
export const STATS_POLL_MS = 30_000;

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDatabaseConfig: build.query<DatabaseConfig, void>({
      query: () => '/api/config/database',
      providesTags: ['DatabaseConfig'],
    }),
    getDatabaseStats: build.query<DatabaseStats, void>({
      query: () => '/api/admin/database/stats',
      providesTags: ['DatabaseStats'],
    }),
    clearStagingData: build.mutation<ClearStagingDataResult, void>({
      query: () => ({ url: '/api/admin/database/clear-staging', method: 'POST' }),
      invalidatesTags: ['DatabaseStats'],
    }),
  }),
});

export const { useGetDatabaseConfigQuery, useGetDatabaseStatsQuery, useClearStagingDataMutation } = adminApi;
