import { z } from 'zod';

export const USERNAME_RULE = 'Username must be 3 to 30 characters using lowercase letters, digits, _ and .';
export const PASSWORD_RULE =
  'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (!@#$%^&*)';

export const emailSchema = z
  .string({ error: 'Please enter your email' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** Usernames are compared and stored lower-case. */
export const usernameSchema = z
  .string({ error: 'Please enter username' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter username')
  .regex(/^[a-z0-9_.]{3,30}$/, USERNAME_RULE);

export const passwordSchema = z
  .string({ error: 'Please enter password' })
  .min(1, 'Please enter password')
  .max(200, 'Password must be at most 200 characters')
  .refine((p) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p) && /[!@#$%^&*]/.test(p), PASSWORD_RULE);

export const registerInput = z.object({
  email: z.string({ error: 'Please enter both email and username' }).trim().min(1, 'Please enter both email and username').pipe(emailSchema),
  username: z.string({ error: 'Please enter both email and username' }).trim().min(1, 'Please enter both email and username').pipe(usernameSchema),
  password: passwordSchema,
});

export const loginInput = z.object({
  /** A username or an email. */
  username: z.string({ error: 'Please enter username' }).trim().toLowerCase().min(1, 'Please enter username').max(254),
  password: z.string({ error: 'Please enter password' }).min(1, 'Please enter password').max(200),
});

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'Please enter your current password' }).min(1, 'Please enter your current password').max(200),
  newPassword: passwordSchema,
});

export type RegisterInput = z.infer<typeof registerInput>;
export type LoginInput = z.infer<typeof loginInput>;
