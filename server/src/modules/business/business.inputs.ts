import { z } from 'zod';
import { gstinProblem, normalizeGstin } from './gstin.js';
import { findState, stateByCode } from './indian-states.js';
import { isVpa, normalizeVpa } from './upi.js';

// The one validation of the business-details commands (docs/product.md#business-details), in the
// GraphQL input's names; REST bodies are mapped to them (business.routes.ts).

export const DEFAULT_INVOICE_PREFIX = 'INV-';
/** A prefix leaves 6 of an invoice number's 16 characters to its serial. */
export const MAX_PREFIX_LENGTH = 10;

export const GSTIN_FORMAT = 'Please enter a valid GSTIN: 15 characters, like 27AAPFU0939F1ZV';
export const GSTIN_CHECK = 'This GSTIN has a typing mistake: its last character does not match the others';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const requiredText = (label: string, max: number) =>
  z.string({ error: `Please enter the ${label}` }).trim().min(1, `Please enter the ${label}`).max(max, `The ${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z.preprocess(blankToNull, z.string({ error: `The ${label} must be text` }).trim().max(max, `The ${label} must be at most ${max} characters`).nullish().transform((v) => v ?? null));

const stateCode = z
  .string({ error: 'Please choose the state' })
  .trim()
  .min(1, 'Please choose the state')
  .transform((v, ctx) => {
    const state = findState(v);
    if (!state) {
      ctx.addIssue({ code: 'custom', message: 'Please choose a state of India' });
      return z.NEVER;
    }
    return state.code;
  });

export const addressInput = z.object(
  {
    line1: requiredText('address', 300),
    city: requiredText('city', 100),
    state: stateCode,
    pincode: z
      .union([z.string(), z.number()], { error: 'Please enter a 6-digit PIN code' })
      .transform((v) => String(v).replace(/\s/g, ''))
      .refine((v) => /^[1-9]\d{5}$/.test(v), 'Please enter a 6-digit PIN code'),
  },
  { error: 'Please enter the address' },
);

/** A GSTIN (blank: none); its state is checked against the address by `gstinStateIssue`. */
const gstin = z.preprocess(
  blankToNull,
  z
    .string({ error: GSTIN_FORMAT })
    .transform(normalizeGstin)
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem === 'format' || problem === 'state') ctx.addIssue({ code: 'custom', message: GSTIN_FORMAT });
      if (problem === 'check') ctx.addIssue({ code: 'custom', message: GSTIN_CHECK });
    })
    .nullish()
    .transform((v) => v ?? null),
);

/** The refusal of a GSTIN registered in another state than the address's, or null. */
function gstinStateIssue(value: { gstin: string | null; address: { state: string } }, ctx: z.RefinementCtx): void {
  if (!value.gstin || gstinProblem(value.gstin, value.address.state) !== 'state') return;
  const name = (code: string) => `${stateByCode(code)?.en ?? code} (${code})`;
  ctx.addIssue({
    code: 'custom',
    path: ['gstin'],
    message: `This GSTIN is registered in ${name(value.gstin.slice(0, 2))}, not in ${name(value.address.state)}`,
  });
}

const bankInput = z.preprocess(
  (v) => (v && typeof v === 'object' && Object.values(v).every((x) => x === null || x === undefined || (typeof x === 'string' && !x.trim())) ? null : v),
  z
    .object(
      {
        accountName: requiredText('account holder\'s name', 200),
        accountNumber: z
          .union([z.string(), z.number()], { error: 'Please enter the account number: 9 to 18 digits' })
          .transform((v) => String(v).replace(/\s/g, ''))
          .refine((v) => /^\d{9,18}$/.test(v), 'Please enter the account number: 9 to 18 digits'),
        ifsc: z
          .string({ error: 'Please enter the IFSC: 11 characters, like SBIN0001234' })
          .transform((v) => v.trim().toUpperCase())
          .refine((v) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v), 'Please enter the IFSC: 11 characters, like SBIN0001234'),
      },
      { error: 'Bank details must have the account holder\'s name, the account number and the IFSC' },
    )
    .nullish()
    .transform((v) => v ?? null),
);

export const sellerBusinessInput = z
  .object(
    {
      legalName: requiredText('legal name', 200),
      tradeName: optionalText('trade name', 200),
      gstin,
      address: addressInput,
      upiVpa: z.preprocess(
        blankToNull,
        z
          .string({ error: 'Please enter a UPI ID like shopname@okhdfc' })
          .transform(normalizeVpa)
          .refine(isVpa, 'Please enter a UPI ID like shopname@okhdfc')
          .nullish()
          .transform((v) => v ?? null),
      ),
      bank: bankInput,
      invoicePrefix: z.preprocess(
        blankToNull,
        z
          .string({ error: 'The invoice prefix may have letters, digits, - and /, at most 10' })
          .transform((v) => v.trim().toUpperCase())
          .refine((v) => new RegExp(`^[A-Z0-9/-]{1,${MAX_PREFIX_LENGTH}}$`).test(v), 'The invoice prefix may have letters, digits, - and /, at most 10')
          .nullish()
          .transform((v) => v ?? DEFAULT_INVOICE_PREFIX),
      ),
      pricesIncludeGst: z.boolean({ error: 'Say whether prices include GST (true or false)' }).optional().default(true),
    },
    { error: 'The business details must be a JSON object' },
  )
  .superRefine(gstinStateIssue);
export type SellerBusinessFields = z.infer<typeof sellerBusinessInput>;

export const buyerBillingInput = z
  .object(
    {
      legalName: optionalText('business name', 200),
      gstin,
      billingAddress: addressInput,
    },
    { error: 'The billing details must be a JSON object' },
  )
  .superRefine((v, ctx) => gstinStateIssue({ gstin: v.gstin, address: v.billingAddress }, ctx));
export type BuyerBillingFields = z.infer<typeof buyerBillingInput>;
