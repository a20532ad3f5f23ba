import { z } from 'zod';

/** The envelope every event travels in (ARCHITECTURE §4). */
export const eventEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    id: z.string().uuid(),
    type: z.string().min(1),
    version: z.number().int().positive(),
    occurredAt: z.string().datetime(),
    producer: z.string().min(1),
    requestId: z.string().optional(),
    data,
  });

/** Subjects of every event, `<service>.<entity>.<past-tense verb>`. */
export const subjects = {
  userRegistered: 'identity.user.registered',
} as const;
