/** The development admin panel (product-spec §3 Database config and Database stats, §7). */
import { z } from 'zod';

/** GET /api/config/database. */
export const databaseConfigSchema = z.object({
  environment: z.enum(['development', 'test', 'production']),
  databaseType: z.enum(['postgresql', 'pglite']),
  isProduction: z.boolean(),
  canClearData: z.boolean(),
});
export type DatabaseConfig = z.infer<typeof databaseConfigSchema>;

/** GET /api/admin/database/stats: rows per `<service>.<table>`, e.g. `identity.users`. */
export const databaseStatsSchema = z.object({
  stats: z.record(z.string(), z.number().int().nonnegative()),
  timestamp: z.string(),
});
export type DatabaseStats = z.infer<typeof databaseStatsSchema>;

/** POST /api/admin/database/clear-staging: the `<service>.<table>` names emptied. */
export const clearStagingDataResultSchema = z.object({
  success: z.literal(true),
  tables: z.array(z.string()),
  timestamp: z.string(),
});
export type ClearStagingDataResult = z.infer<typeof clearStagingDataResultSchema>;
