import { z } from 'zod';
import { emailSchema } from '../auth/auth.inputs.js';
import { verificationMessages } from './verification.messages.js';
import { asZod, type Message } from '../../common/message.js';

export const PHONE_EXAMPLE = '+919876543210';
export const INVALID_PHONE = verificationMessages.invalidWhatsappNumber({ example: PHONE_EXAMPLE });
export const EMAIL_CODE_REQUIRED = verificationMessages.pleaseEnterTheVerificationCode;
export const PHONE_CODE_REQUIRED = verificationMessages.pleaseEnterTheOtp;
export const CODE_FORMAT = verificationMessages.theCodeMustBe6Digits;

/**
 * docs/product.md#validation: digits and a leading plus are kept, a plus is added if missing, at least 10
 * characters. A bare Indian mobile number (10 digits starting 6 to 9, or those with a leading 0) is
 * +91: '9801005369' is +919801005369, never +98 (Iran). On top of that the result must be E.164 (a
 * country code not starting with 0, at most 15 digits). Spaces, dashes, dots and brackets are
 * separators; any other character makes the number invalid. Returns null for what cannot be a number.
 * The client's copy (client/src/features/verification/utils/phone.ts) is tested on the same cases.
 */
export function normalizePhone(raw: string): string | null {
  const s = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(s)) return null;
  const digits = s.replace(/\D/g, '');
  const indianMobile = !s.startsWith('+') && /^0?[6-9]\d{9}$/.test(digits);
  const e164 = indianMobile ? `+91${digits.slice(-10)}` : `+${digits}`;
  return /^\+[1-9]\d{8,14}$/.test(e164) ? e164 : null;
}

const whatsappNumber = z.string({ error: asZod(INVALID_PHONE) }).transform((value, ctx) => {
  const n = normalizePhone(value);
  if (!n) {
    ctx.addIssue({ code: 'custom', message: asZod(INVALID_PHONE) });
    return z.NEVER;
  }
  return n;
});

const code = (required: Message) =>
  z.string({ error: asZod(required) }).trim().min(1, asZod(required)).regex(/^\d{6}$/, asZod(CODE_FORMAT));

export const sendEmailOtpInput = z.object({ email: emailSchema });
export const verifyEmailOtpInput = z.object({ email: emailSchema, otp: code(EMAIL_CODE_REQUIRED) });
export const sendWhatsappOtpInput = z.object({ whatsappNumber });
export const verifyWhatsappOtpInput = z.object({ whatsappNumber, otp: code(PHONE_CODE_REQUIRED) });

/** Query of `GET /dev/outbox`. */
export const devOutboxQuery = z.object({
  to: z
    .string({ error: asZod(verificationMessages.toMustBeText) })
    .trim()
    .max(254, asZod(verificationMessages.toIsTooLong))
    // A "+" in a query string arrives as a space: a bare run of digits is a phone number.
    .transform((v) => (/^\d{6,15}$/.test(v) ? `+${v}` : v.toLowerCase()))
    .optional(),
  channel: z.enum(['email', 'whatsapp'], { error: asZod(verificationMessages.channelMustBeEmailOrWhatsapp) }).optional(),
  limit: z.coerce.number({ error: asZod(verificationMessages.limitMustBeANumber) }).int(asZod(verificationMessages.limitMustBeAWholeNumber)).min(1, asZod(verificationMessages.limitMustBe1To200)).max(200, asZod(verificationMessages.limitMustBe1To200)).default(50),
});
