/** identity: REST bodies, the user of product-spec §3, and its events. */
import { z } from 'zod';
import { text } from './text';

export const subscriptionStatusSchema = z.enum(['free', 'trial', 'active', 'past_due', 'canceled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subscriptionStatus: subscriptionStatusSchema,
  videosUploaded: z.number().int(),
  trackingPlansGenerated: z.number().int(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

const emailText = text({ label: 'Email', required: 'Email is required', max: 254 });

const email = emailText
  .email('Please enter a valid email address')
  .transform((value) => value.toLowerCase());

export const registerBodySchema = z.object({
  name: text({ label: 'Name', required: 'Name is required', max: 120 }),
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(256, 'Password must be at most 256 characters'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailText.transform((value) => value.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Invalid email or password'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/login and /api/register answer {user}. */
export const authResponseSchema = z.object({ user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const userRegisteredSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export type UserRegistered = z.infer<typeof userRegisteredSchema>;
