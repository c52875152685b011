import { z } from 'zod';
import { usernameSchema } from '../auth/auth.inputs.js';

export const NOTHING_TO_CHANGE = 'Nothing to change';

export const accountSettingsInput = z
  .object({
    username: usernameSchema.optional(),
    language: z.enum(['en', 'hi'], { error: 'Language must be en or hi' }).optional(),
    emailNotifications: z.boolean({ error: 'Email notifications must be on or off (true or false)' }).optional(),
  })
  .refine((v) => v.username !== undefined || v.language !== undefined || v.emailNotifications !== undefined, { message: NOTHING_TO_CHANGE });

export const deleteAccountInput = z.object({
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(200),
});
