import { z } from 'zod';
import { isoTime } from '../../outbox/outbox.js';
import { UNITS } from '../products/products.public.js';
import { DECLINE_REASONS } from './rfqs.inputs.js';

// What each party is shown of a requirement (docs/product.md#buy-requirements), declared once: the
// service's answers, the live events (built in the change's transaction) and both doors' mappings.

export const RFQ_STATUSES = ['open', 'closed', 'fulfilled', 'expired'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const QUOTE_STATUSES = ['open', 'expired', 'accepted', 'superseded', 'closed'] as const;

/** One seller's quote as the buyer compares it (or as its seller sees their own). */
export const rfqQuoteViewSchema = z.object({
  id: z.string(),
  rfqId: z.string(),
  sellerId: z.string(),
  sellerUsername: z.string(),
  sellerCity: z.string().nullable(),
  sellerState: z.string().nullable(),
  sellerEmailVerified: z.boolean(),
  sellerPhoneVerified: z.boolean(),
  sellerHasGstin: z.boolean(),
  /** The seller's average minutes from a match to their answer over the last 90 days, when known. */
  sellerResponseMinutes: z.number().nullable(),
  productId: z.string(),
  productTitle: z.string(),
  /** The quote card in the chat with the seller. */
  messageId: z.string(),
  unitPricePaise: z.string(),
  quantity: z.number(),
  totalPaise: z.string(),
  deliveryDays: z.number(),
  validUntil: isoTime,
  note: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: isoTime,
});
export type RfqQuoteView = z.output<typeof rfqQuoteViewSchema>;

/** The seller's side of a requirement matched to them. */
export const rfqMatchViewSchema = z.object({
  matchedAt: isoTime,
  answer: z.enum(['quoted', 'declined']).nullable(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  /** The seller's listing that matched best (a quote is made from it unless another is chosen). */
  productId: z.string().nullable(),
  productTitle: z.string().nullable(),
  myQuote: rfqQuoteViewSchema.nullable(),
});
export type RfqMatchView = z.output<typeof rfqMatchViewSchema>;

/** A requirement as its buyer (with the quotes) or a matched seller (with their match) sees it. */
export const rfqViewSchema = z.object({
  id: z.string(),
  text: z.string(),
  goodsWords: z.array(z.string()),
  category: z.string().nullable(),
  quantity: z.number(),
  unit: z.enum(UNITS),
  maxUnitPricePaise: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  neededBy: z.string().nullable(),
  condition: z.enum(['new', 'used']).nullable(),
  notes: z.string().nullable(),
  /** The buyer's photos (private routes of this module; an event written before photos existed has none). */
  photos: z.array(z.object({ sm: z.string(), lg: z.string() })).default([]),
  status: z.enum(RFQ_STATUSES),
  createdAt: isoTime,
  expiresAt: isoTime,
  closedAt: isoTime.nullable(),
  /** Whether the viewer is its buyer. */
  mine: z.boolean(),
  /** The buyer: for the buyer, and for the seller whose quote was accepted; null for other sellers. */
  buyerId: z.string().nullable(),
  buyerUsername: z.string().nullable(),
  matchedCount: z.number(),
  quoteCount: z.number(),
  orderId: z.string().nullable(),
  acceptedQuoteId: z.string().nullable(),
  /** The viewer's live position at this requirement's last change for them. */
  position: z.string(),
  /** The current quotes, cheapest total first (the buyer's view only). */
  quotes: z.array(rfqQuoteViewSchema).nullable(),
  /** The viewer's match (a seller's view only). */
  match: rfqMatchViewSchema.nullable(),
});
export type RfqView = z.output<typeof rfqViewSchema>;
export type RfqViewIn = z.input<typeof rfqViewSchema>;

/** The status shown: an open requirement past its expiry by the clock is expired. */
export function effectiveStatus(stored: 'open' | 'closed' | 'fulfilled', expiresAt: Date, now: Date): RfqStatus {
  return stored === 'open' && expiresAt.getTime() <= now.getTime() ? 'expired' : stored;
}

/** A quote's status shown: accepted, replaced by a newer one, past its validity, its requirement no longer open, or open. */
export function quoteStatus(q: { id: string; supersededAt: Date | null; validUntil: Date }, rfq: { status: RfqStatus; acceptedQuoteId: string | null }, now: Date): RfqQuoteView['status'] {
  if (rfq.acceptedQuoteId === q.id) return 'accepted';
  if (q.supersededAt) return 'superseded';
  if (rfq.status !== 'open') return 'closed';
  if (q.validUntil.getTime() <= now.getTime()) return 'expired';
  return 'open';
}
