import { z } from 'zod';
import { asZod } from '../../common/message.js';
import { moderationMessages as M } from './moderation.messages.js';

// The one validation of reporting and of the operators' commands (docs/product.md#operators-and-reports),
// in the GraphQL input's names; REST bodies are mapped to them (moderation.routes.ts).

export const TARGET_TYPES = ['user', 'message', 'product'] as const;
export type ReportTargetType = (typeof TARGET_TYPES)[number];
export const REASONS = ['spam', 'fraud', 'offensive', 'wrong_category', 'other'] as const;
export type ReportReason = (typeof REASONS)[number];
export const ACTIONS = ['dismiss', 'hide_product', 'suspend_user'] as const;
export type ResolveAction = (typeof ACTIONS)[number];

export const MAX_REPORT_TEXT = 1000;
export const MAX_NOTE = 1000;
const SAY_WHAT_IS_WRONG = asZod(M.sayWhatIsWrong);
const NOTE_REQUIRED = asZod(M.noteRequired);

const id = (message: string) => z.string({ error: message }).trim().toLowerCase().pipe(z.uuid({ error: message }));

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export const reportInput = z
  .object({
    targetType: z.enum(TARGET_TYPES, { error: asZod(M.chooseTargetType) }),
    targetId: id(asZod(M.chooseTarget)),
    reason: z.enum(REASONS, { error: asZod(M.chooseReason) }),
    text: z.preprocess(
      blankToUndefined,
      z.string({ error: asZod(M.reportMustBeText) }).trim().max(MAX_REPORT_TEXT, asZod(M.reportTooLong({ max: MAX_REPORT_TEXT }))).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: SAY_WHAT_IS_WRONG });
  });
export type ReportCommand = z.infer<typeof reportInput>;

const note = z
  .string({ error: NOTE_REQUIRED })
  .trim()
  .min(1, NOTE_REQUIRED)
  .max(MAX_NOTE, asZod(M.noteTooLong({ max: MAX_NOTE })));

export const resolveInput = z.object({
  reportId: id(asZod(M.reportNotFound)),
  action: z.enum(ACTIONS, { error: asZod(M.chooseAction) }),
  note,
});

export const unsuspendInput = z.object({
  userId: id(asZod(M.validUser)),
  note,
});

const LIMIT = asZod(M.limitRange);

export const pageInput = z.object({
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(50, LIMIT).default(20),
});

/** The operator's note of an action, as every operator command takes it (the removal of a review too). */
export const operatorNote = note;
