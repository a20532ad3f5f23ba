import { z } from 'zod';

/** Every error answer: {message, code?, upgradeRequired?, ...} (ARCHITECTURE §6). */
export const apiErrorSchema = z
  .object({ message: z.string(), code: z.string().optional(), upgradeRequired: z.boolean().optional() })
  .passthrough();
export type ApiError = z.infer<typeof apiErrorSchema>;
