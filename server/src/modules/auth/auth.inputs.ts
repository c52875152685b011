import { z } from 'zod';
import { authMessages } from './auth.messages.js';
import { asZod } from '../../common/message.js';

export const USERNAME_RULE = authMessages.usernameMustBe3To30;
export const PASSWORD_RULE =
  authMessages.passwordMustBeAtLeast8;

export const emailSchema = z
  .string({ error: asZod(authMessages.pleaseEnterYourEmail) })
  .trim()
  .toLowerCase()
  .min(1, asZod(authMessages.pleaseEnterYourEmail))
  .max(254, asZod(authMessages.pleaseEnterAValidEmailAddress))
  .pipe(z.email(asZod(authMessages.pleaseEnterAValidEmailAddress)));

/**
 * Names nobody can take: the literal segments of the REST calls under `/sellers/` (`/sellers/business`,
 * `/sellers/figures`, `/sellers/orders/...`, `/sellers/rfqs`), which share that space with a seller's
 * profile, `GET /sellers/{username}` (docs/product.md#seller-profiles). A new call under `/sellers/` adds
 * its segment here (tests/integration/reserved-usernames.test.ts reads the routes and checks).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set(['business', 'figures', 'orders', 'rfqs']);

/** Usernames are compared and stored lower-case. */
export const usernameSchema = z
  .string({ error: asZod(authMessages.pleaseEnterUsername) })
  .trim()
  .toLowerCase()
  .min(1, asZod(authMessages.pleaseEnterUsername))
  .regex(/^[a-z0-9_.]{3,30}$/, asZod(USERNAME_RULE))
  .refine((name) => !RESERVED_USERNAMES.has(name), asZod(authMessages.thisUsernameIsReserved));

export const passwordSchema = z
  .string({ error: asZod(authMessages.pleaseEnterPassword) })
  .min(1, asZod(authMessages.pleaseEnterPassword))
  .max(200, asZod(authMessages.passwordMustBeAtMost200))
  .refine((p) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p) && /[!@#$%^&*]/.test(p), asZod(PASSWORD_RULE));

export const registerInput = z.object({
  email: z.string({ error: asZod(authMessages.pleaseEnterBothEmailAndUsername) }).trim().min(1, asZod(authMessages.pleaseEnterBothEmailAndUsername)).pipe(emailSchema),
  username: z.string({ error: asZod(authMessages.pleaseEnterBothEmailAndUsername) }).trim().min(1, asZod(authMessages.pleaseEnterBothEmailAndUsername)).pipe(usernameSchema),
  password: passwordSchema,
});

export const loginInput = z.object({
  /** A username or an email. */
  username: z.string({ error: asZod(authMessages.pleaseEnterUsername) }).trim().toLowerCase().min(1, asZod(authMessages.pleaseEnterUsername)).max(254),
  password: z.string({ error: asZod(authMessages.pleaseEnterPassword) }).min(1, asZod(authMessages.pleaseEnterPassword)).max(200),
});

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: asZod(authMessages.pleaseEnterYourCurrentPassword) }).min(1, asZod(authMessages.pleaseEnterYourCurrentPassword)).max(200),
  newPassword: passwordSchema,
});

export type RegisterInput = z.infer<typeof registerInput>;
export type LoginInput = z.infer<typeof loginInput>;
