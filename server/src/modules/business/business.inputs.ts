import { z } from 'zod';
import { gstinProblem, normalizeGstin } from './gstin.js';
import { findState, stateByCode } from './indian-states.js';
import { isVpa, normalizeVpa } from './upi.js';
import { businessMessages } from './business.messages.js';
import { asZod, type Message } from '../../common/message.js';

// The one validation of the business-details commands (docs/product.md#business-details), in the
// GraphQL input's names; REST bodies are mapped to them (business.routes.ts).

export const DEFAULT_INVOICE_PREFIX = 'INV-';
/** A prefix leaves 6 of an invoice number's 16 characters to its serial. */
export const MAX_PREFIX_LENGTH = 10;

export const GSTIN_FORMAT = businessMessages.pleaseEnterAValidGstin15;
export const GSTIN_CHECK = businessMessages.thisGstinHasATypingMistake;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const requiredText = (label: Message, max: number) =>
  z
    .string({ error: asZod(businessMessages.enterThe({ label })) })
    .trim()
    .min(1, asZod(businessMessages.enterThe({ label })))
    .max(max, asZod(businessMessages.textTooLong({ label, max })));

const optionalText = (label: Message, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: asZod(businessMessages.mustBeText({ label })) })
      .trim()
      .max(max, asZod(businessMessages.textTooLong({ label, max })))
      .nullish()
      .transform((v) => v ?? null),
  );

const stateCode = z
  .string({ error: asZod(businessMessages.pleaseChooseTheState) })
  .trim()
  .min(1, asZod(businessMessages.pleaseChooseTheState))
  .transform((v, ctx) => {
    const state = findState(v);
    if (!state) {
      ctx.addIssue({ code: 'custom', message: asZod(businessMessages.pleaseChooseAStateOfIndia) });
      return z.NEVER;
    }
    return state.code;
  });

export const addressInput = z.object(
  {
    line1: requiredText(businessMessages.address, 300),
    city: requiredText(businessMessages.city, 100),
    state: stateCode,
    pincode: z
      .union([z.string(), z.number()], { error: asZod(businessMessages.pleaseEnterA6DigitPin) })
      .transform((v) => String(v).replace(/\s/g, ''))
      .refine((v) => /^[1-9]\d{5}$/.test(v), asZod(businessMessages.pleaseEnterA6DigitPin)),
  },
  { error: asZod(businessMessages.enterThe({ label: businessMessages.address })) },
);

/** A GSTIN (blank: none); its state is checked against the address by `gstinStateIssue`. */
const gstin = z.preprocess(
  blankToNull,
  z
    .string({ error: asZod(GSTIN_FORMAT) })
    .transform(normalizeGstin)
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem === 'format' || problem === 'state') ctx.addIssue({ code: 'custom', message: asZod(GSTIN_FORMAT) });
      if (problem === 'check') ctx.addIssue({ code: 'custom', message: asZod(GSTIN_CHECK) });
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
    message: asZod(businessMessages.gstinOfAnotherState({ a: name(value.gstin.slice(0, 2)), b: name(value.address.state) })),
  });
}

const bankInput = z.preprocess(
  (v) => (v && typeof v === 'object' && Object.values(v).every((x) => x === null || x === undefined || (typeof x === 'string' && !x.trim())) ? null : v),
  z
    .object(
      {
        accountName: requiredText(businessMessages.accountHolderSName, 200),
        accountNumber: z
          .union([z.string(), z.number()], { error: asZod(businessMessages.pleaseEnterTheAccountNumber9) })
          .transform((v) => String(v).replace(/\s/g, ''))
          .refine((v) => /^\d{9,18}$/.test(v), asZod(businessMessages.pleaseEnterTheAccountNumber9)),
        ifsc: z
          .string({ error: asZod(businessMessages.pleaseEnterTheIfsc11Characters) })
          .transform((v) => v.trim().toUpperCase())
          .refine((v) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v), asZod(businessMessages.pleaseEnterTheIfsc11Characters)),
      },
      { error: asZod(businessMessages.bankDetailsMustHaveTheAccount) },
    )
    .nullish()
    .transform((v) => v ?? null),
);

export const sellerBusinessInput = z
  .object(
    {
      legalName: requiredText(businessMessages.legalName, 200),
      tradeName: optionalText(businessMessages.tradeName, 200),
      gstin,
      address: addressInput,
      upiVpa: z.preprocess(
        blankToNull,
        z
          .string({ error: asZod(businessMessages.pleaseEnterAUpiIdLike) })
          .transform(normalizeVpa)
          .refine(isVpa, asZod(businessMessages.pleaseEnterAUpiIdLike))
          .nullish()
          .transform((v) => v ?? null),
      ),
      bank: bankInput,
      invoicePrefix: z.preprocess(
        blankToNull,
        z
          .string({ error: asZod(businessMessages.theInvoicePrefixMayHaveLetters) })
          .transform((v) => v.trim().toUpperCase())
          .refine((v) => new RegExp(`^[A-Z0-9/-]{1,${MAX_PREFIX_LENGTH}}$`).test(v), asZod(businessMessages.theInvoicePrefixMayHaveLetters))
          .nullish()
          .transform((v) => v ?? DEFAULT_INVOICE_PREFIX),
      ),
      pricesIncludeGst: z.boolean({ error: asZod(businessMessages.sayWhetherPricesIncludeGstTrue) }).optional().default(true),
    },
    { error: asZod(businessMessages.theBusinessDetailsMustBeA) },
  )
  .superRefine(gstinStateIssue);
export type SellerBusinessFields = z.infer<typeof sellerBusinessInput>;

export const buyerBillingInput = z
  .object(
    {
      legalName: optionalText(businessMessages.businessName, 200),
      gstin,
      billingAddress: addressInput,
    },
    { error: asZod(businessMessages.theBillingDetailsMustBeA) },
  )
  .superRefine((v, ctx) => gstinStateIssue({ gstin: v.gstin, address: v.billingAddress }, ctx));
export type BuyerBillingFields = z.infer<typeof buyerBillingInput>;
