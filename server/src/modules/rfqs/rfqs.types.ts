import { Field, ID, Int, ObjectType } from 'type-graphql';
import { toRestName } from '../../http/rest-commands.js';
import type { RequirementDraft, RfqQuoteView, RfqView } from './rfqs.service.js';

// GraphQL's shapes of requirements: the service's views as they are (the fields are the views' own).

@ObjectType('RfqQuote', { description: "A seller's quote to a requirement, as the buyer compares it (or its seller sees it)" })
export class RfqQuoteType {
  @Field(() => ID) id!: string;
  @Field(() => ID) rfqId!: string;
  @Field(() => ID) sellerId!: string;
  @Field() sellerUsername!: string;
  @Field(() => String, { nullable: true }) sellerCity!: string | null;
  @Field(() => String, { nullable: true }) sellerState!: string | null;
  @Field() sellerEmailVerified!: boolean;
  @Field({ description: 'The seller verified a WhatsApp number' }) sellerPhoneVerified!: boolean;
  @Field({ description: 'The seller gave a GSTIN' }) sellerHasGstin!: boolean;
  @Field(() => Int, { nullable: true, description: "The seller's average minutes from a match to a quote over the last 90 days" }) sellerResponseMinutes!: number | null;
  @Field(() => ID) productId!: string;
  @Field() productTitle!: string;
  @Field(() => ID, { description: 'The quote card in the chat with the seller' }) messageId!: string;
  @Field({ description: 'Unit price in paise (integer, as text)' }) unitPricePaise!: string;
  @Field(() => Int) quantity!: number;
  @Field({ description: 'Total in paise (integer, as text)' }) totalPaise!: string;
  @Field(() => Int) deliveryDays!: number;
  @Field() validUntil!: Date;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field({ description: 'open, expired, accepted, superseded (replaced by a newer quote) or closed (the requirement is no longer open)' }) status!: string;
  @Field() createdAt!: Date;
}

@ObjectType('RfqMatch', { description: "A matched seller's side of a requirement" })
export class RfqMatchType {
  @Field() matchedAt!: Date;
  @Field(() => String, { nullable: true, description: 'quoted or declined' }) answer!: string | null;
  @Field(() => String, { nullable: true, description: 'not_my_goods, cannot_deliver_there or price_too_low' }) declineReason!: string | null;
  @Field(() => ID, { nullable: true, description: "The seller's listing that matched best" }) productId!: string | null;
  @Field(() => String, { nullable: true }) productTitle!: string | null;
  @Field(() => RfqQuoteType, { nullable: true }) myQuote!: RfqQuoteType | null;
}

@ObjectType('RfqPhoto', { description: "A requirement's photo: private addresses for its buyer and matched sellers" })
export class RfqPhotoType {
  @Field({ description: 'The small picture (320 px wide), for lists' }) sm!: string;
  @Field({ description: 'The large picture (up to 1600 px wide)' }) lg!: string;
}

@ObjectType('Rfq', { description: 'A buy requirement, as its buyer or a matched seller sees it' })
export class RfqType {
  @Field(() => ID) id!: string;
  @Field() text!: string;
  @Field(() => [String]) goodsWords!: string[];
  @Field(() => String, { nullable: true }) category!: string | null;
  @Field(() => Int) quantity!: number;
  @Field() unit!: string;
  @Field(() => String, { nullable: true, description: 'The top price per unit, in paise (integer, as text)' }) maxUnitPricePaise!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) state!: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) neededBy!: string | null;
  @Field(() => String, { nullable: true, description: 'new or used' }) condition!: string | null;
  @Field(() => String, { nullable: true }) notes!: string | null;
  @Field(() => [RfqPhotoType], { description: 'Up to 3 photos the buyer added' }) photos!: RfqPhotoType[];
  @Field({ description: 'open, closed, fulfilled or expired' }) status!: string;
  @Field() createdAt!: Date;
  @Field() expiresAt!: Date;
  @Field(() => Date, { nullable: true }) closedAt!: Date | null;
  @Field({ description: 'Whether the viewer posted it' }) mine!: boolean;
  @Field(() => ID, { nullable: true, description: 'The buyer: for the buyer, and for the seller whose quote was accepted' }) buyerId!: string | null;
  @Field(() => String, { nullable: true }) buyerUsername!: string | null;
  @Field(() => Int, { description: 'Sellers matched who have not declined' }) matchedCount!: number;
  @Field(() => Int) quoteCount!: number;
  @Field(() => ID, { nullable: true }) orderId!: string | null;
  @Field(() => ID, { nullable: true }) acceptedQuoteId!: string | null;
  @Field({ description: "The viewer's live position at its last change" }) position!: string;
  @Field(() => [RfqQuoteType], { nullable: true, description: "The current quotes, cheapest total first (the buyer's view)" }) quotes!: RfqQuoteType[] | null;
  @Field(() => RfqMatchType, { nullable: true, description: "The viewer's match (a seller's view)" }) match!: RfqMatchType | null;
}

@ObjectType('RfqPage')
export class RfqPageType {
  @Field(() => [RfqType]) items!: RfqType[];
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType('RfqChanges', { description: "The viewer's requirements changed after a live position, and the current position" })
export class RfqChangesType {
  @Field(() => [RfqType]) items!: RfqType[];
  @Field() position!: string;
}

@ObjectType('RfqEvent', { description: 'A requirement of the viewer changed (a new match, a quote, a decline, closed or fulfilled)' })
export class RfqEventType {
  @Field({ description: 'created, matched, quoted, declined, closed or fulfilled' }) type!: string;
  @Field() position!: string;
  @Field(() => RfqType) rfq!: RfqType;
}

@ObjectType('RfqDraft', { description: "What a buyer's words say, as a requirement's editable fields" })
export class RfqDraftType {
  @Field() text!: string;
  @Field(() => [String]) goodsWords!: string[];
  @Field(() => String, { nullable: true }) category!: string | null;
  @Field(() => Int, { nullable: true }) quantity!: number | null;
  @Field(() => String, { nullable: true }) unit!: string | null;
  @Field(() => String, { nullable: true }) maxUnitPricePaise!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) state!: string | null;
  @Field(() => String, { nullable: true }) condition!: string | null;
}

/** A view in the REST shim's words: snake_case keys, times in seconds. */
function toRest(value: unknown): unknown {
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  if (Array.isArray(value)) return value.map(toRest);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [toRestName(k), toRest(v)]));
  return value;
}

export const toRestRfq = (v: RfqView) => toRest(v) as Record<string, unknown>;
export const toRestQuote = (v: RfqQuoteView) => toRest(v) as Record<string, unknown>;
export const toRestDraft = (v: RequirementDraft & { text: string }) => toRest(v) as Record<string, unknown>;
