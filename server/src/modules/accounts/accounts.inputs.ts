import { z } from 'zod';
import { usernameSchema } from '../auth/auth.inputs.js';
import { accountMessages } from './accounts.messages.js';
import { asZod } from '../../common/message.js';

export const NOTHING_TO_CHANGE = accountMessages.nothingToChange;

export const accountSettingsInput = z
  .object({
    username: usernameSchema.optional(),
    language: z.enum(['en', 'hi'], { error: asZod(accountMessages.languageMustBeEnOrHi) }).optional(),
    emailNotifications: z.boolean({ error: asZod(accountMessages.emailNotificationsMustBeOnOr) }).optional(),
  })
  .refine((v) => v.username !== undefined || v.language !== undefined || v.emailNotifications !== undefined, { message: asZod(NOTHING_TO_CHANGE) });

export const deleteAccountInput = z.object({
  password: z.string({ error: asZod(accountMessages.pleaseEnterYourPassword) }).min(1, asZod(accountMessages.pleaseEnterYourPassword)).max(200),
});
