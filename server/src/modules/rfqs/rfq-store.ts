import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidArray } from '../../common/uuid-array.js';
import { isUnit, type Unit } from '../products/products.public.js';
import type { DeclineReason } from './rfqs.inputs.js';
import { photoUrls } from './rfq-photos.js';
import { effectiveStatus, quoteStatus, type RfqQuoteView, type RfqStatus, type RfqView } from './rfq-views.js';

/** A requirement's row with its counts, as the views are built from it. */
export interface RfqRow {
  id: string;
  buyer_id: string;
  buyer_username: string;
  text: string;
  goods_words: string[];
  category: string | null;
  quantity: number;
  unit: string;
  max_unit_price_paise: string | null;
  city: string | null;
  state: string | null;
  needed_by: string | null;
  condition: 'new' | 'used' | null;
  notes: string | null;
  /** Base storage keys of the buyer's photos (private). */
  photo_keys: string[];
  status: 'open' | 'closed' | 'fulfilled';
  created_at: Date;
  expires_at: Date;
  closed_at: Date | null;
  accepted_quote_id: string | null;
  order_id: string | null;
  position: string;
  matched_count: number;
  quote_count: number;
}

const RFQ_COLUMNS = `r.id, r.buyer_id, bu.username as buyer_username, r.text, r.goods_words, r.category, r.quantity, r.unit,
  r.max_unit_price_paise::text as max_unit_price_paise, r.city, r.state, to_char(r.needed_by, 'YYYY-MM-DD') as needed_by, r.condition, r.notes, r.photo_keys,
  r.status, r.created_at, r.expires_at, r.closed_at, r.accepted_quote_id, r.order_id, r.position::text as position,
  (select count(*)::int from rfq_matches m where m.rfq_id = r.id and m.answer is distinct from 'declined') as matched_count,
  (select count(*)::int from rfq_quotes q where q.rfq_id = r.id and q.superseded_at is null) as quote_count`;

interface QuoteRow {
  id: string;
  rfq_id: string;
  seller_id: string;
  seller_username: string;
  seller_city: string | null;
  seller_state: string | null;
  email_verified: boolean;
  whatsapp_verified: boolean;
  has_gstin: boolean;
  response_minutes: number | null;
  product_id: string;
  product_title: string;
  message_id: string;
  unit_price_paise: string;
  quantity: number;
  delivery_days: number;
  valid_until: Date;
  note: string | null;
  created_at: Date;
  superseded_at: Date | null;
}

const QUOTE_COLUMNS = `q.id, q.rfq_id, q.seller_id, u.username as seller_username, coalesce(sb.city, p.city) as seller_city, p.state as seller_state,
  u.email_verified, u.whatsapp_verified, (sb.gstin is not null) as has_gstin,
  (select round(avg(extract(epoch from (m2.answered_at - m2.matched_at)) / 60))::int from rfq_matches m2
    where m2.seller_id = q.seller_id and m2.answer = 'quoted' and m2.answered_at > ?::timestamptz - interval '90 days') as response_minutes,
  q.product_id, p.title as product_title, q.message_id, q.unit_price_paise::text as unit_price_paise, q.quantity, q.delivery_days,
  q.valid_until, q.note, q.created_at, q.superseded_at
  from rfq_quotes q join users u on u.id = q.seller_id join products p on p.id = q.product_id left join seller_business sb on sb.user_id = q.seller_id`;

interface MatchRow {
  rfq_id: string;
  seller_id: string;
  matched_at: Date;
  answer: 'quoted' | 'declined' | null;
  decline_reason: DeclineReason | null;
  product_id: string | null;
  product_title: string | null;
  position: string;
}

/**
 * The requirements' SQL: their rows, quotes and matches, and the views each party is shown (built
 * from one read of each, in the caller's transaction when a change's event needs them).
 */
export class RfqStore {
  async rows(em: EntityManager, ids: readonly string[]): Promise<RfqRow[]> {
    if (!ids.length) return [];
    return em.execute<RfqRow[]>(`select ${RFQ_COLUMNS} from rfqs r join users bu on bu.id = r.buyer_id where r.id = any(?::uuid[])`, [uuidArray(ids)]);
  }

  async row(em: EntityManager, id: string): Promise<RfqRow | null> {
    return (await this.rows(em, [id]))[0] ?? null;
  }

  /** The current quotes of requirements (and an accepted one), or one seller's. */
  async quotes(em: EntityManager, rfqIds: readonly string[], now: Date, sellerId?: string): Promise<QuoteRow[]> {
    if (!rfqIds.length) return [];
    return em.execute<QuoteRow[]>(
      `select ${QUOTE_COLUMNS} where q.rfq_id = any(?::uuid[]) and q.superseded_at is null ${sellerId ? 'and q.seller_id = ?' : ''} order by q.created_at`,
      sellerId ? [now, uuidArray(rfqIds), sellerId] : [now, uuidArray(rfqIds)],
    );
  }

  /** One quote of a requirement (current or replaced). */
  async quote(em: EntityManager, rfqId: string, quoteId: string, now: Date): Promise<QuoteRow | null> {
    const [row] = await em.execute<QuoteRow[]>(`select ${QUOTE_COLUMNS} where q.rfq_id = ? and q.id = ?`, [now, rfqId, quoteId]);
    return row ?? null;
  }

  async matches(em: EntityManager, sellerId: string, rfqIds: readonly string[]): Promise<MatchRow[]> {
    if (!rfqIds.length) return [];
    return em.execute<MatchRow[]>(
      `select m.rfq_id, m.seller_id, m.matched_at, m.answer, m.decline_reason, m.product_id, p.title as product_title, m.position::text as position
         from rfq_matches m left join products p on p.id = m.product_id where m.seller_id = ? and m.rfq_id = any(?::uuid[])`,
      [sellerId, uuidArray(rfqIds)],
    );
  }

  /** The buyer's view of each requirement: every current quote, cheapest total first. */
  async buyerViews(em: EntityManager, rows: RfqRow[], now: Date): Promise<RfqView[]> {
    const quotes = await this.quotes(em, rows.map((r) => r.id), now);
    return rows.map((row) => {
      const base = baseView(row, now, true);
      const own = quotes.filter((q) => q.rfq_id === row.id).map((q) => quoteView(q, base, now));
      own.sort((a, b) => cmpBig(a.totalPaise, b.totalPaise) || a.deliveryDays - b.deliveryDays);
      return { ...base, buyerId: row.buyer_id, buyerUsername: row.buyer_username, quotes: own };
    });
  }

  /** A matched seller's view of each requirement: their match and their current quote; the buyer only once their quote was accepted. */
  async sellerViews(em: EntityManager, sellerId: string, rows: RfqRow[], now: Date): Promise<RfqView[]> {
    const ids = rows.map((r) => r.id);
    const [matches, quotes] = await Promise.all([this.matches(em, sellerId, ids), this.quotes(em, ids, now, sellerId)]);
    const out: RfqView[] = [];
    for (const row of rows) {
      const m = matches.find((x) => x.rfq_id === row.id);
      if (!m) continue;
      const base = baseView(row, now, false);
      const q = quotes.find((x) => x.rfq_id === row.id);
      const myQuote = q ? quoteView(q, base, now) : null;
      const accepted = !!myQuote && row.accepted_quote_id === myQuote.id;
      out.push({
        ...base,
        position: m.position,
        buyerId: accepted ? row.buyer_id : null,
        buyerUsername: accepted ? row.buyer_username : null,
        match: { matchedAt: new Date(m.matched_at), answer: m.answer, declineReason: m.decline_reason, productId: m.product_id, productTitle: m.product_title, myQuote },
      });
    }
    return out;
  }
}

const cmpBig = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

function baseView(row: RfqRow, now: Date, mine: boolean): RfqView {
  const status: RfqStatus = effectiveStatus(row.status, new Date(row.expires_at), now);
  const unit: Unit = isUnit(row.unit) ? row.unit : 'piece';
  return {
    id: row.id,
    text: row.text,
    goodsWords: row.goods_words,
    category: row.category,
    quantity: row.quantity,
    unit,
    maxUnitPricePaise: row.max_unit_price_paise,
    city: row.city,
    state: row.state,
    neededBy: row.needed_by,
    condition: row.condition,
    notes: row.notes,
    photos: photoUrls(row.id, row.photo_keys.length),
    status,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    closedAt: row.closed_at ? new Date(row.closed_at) : null,
    mine,
    buyerId: null,
    buyerUsername: null,
    matchedCount: row.matched_count,
    quoteCount: row.quote_count,
    orderId: mine ? row.order_id : null,
    acceptedQuoteId: row.accepted_quote_id,
    position: row.position,
    quotes: null,
    match: null,
  };
}

function quoteView(q: QuoteRow, rfq: Pick<RfqView, 'status' | 'acceptedQuoteId'>, now: Date): RfqQuoteView {
  const validUntil = new Date(q.valid_until);
  return {
    id: q.id,
    rfqId: q.rfq_id,
    sellerId: q.seller_id,
    sellerUsername: q.seller_username,
    sellerCity: q.seller_city,
    sellerState: q.seller_state,
    sellerEmailVerified: q.email_verified,
    sellerPhoneVerified: q.whatsapp_verified,
    sellerHasGstin: q.has_gstin,
    sellerResponseMinutes: q.response_minutes,
    productId: q.product_id,
    productTitle: q.product_title,
    messageId: q.message_id,
    unitPricePaise: q.unit_price_paise,
    quantity: q.quantity,
    totalPaise: (BigInt(q.unit_price_paise) * BigInt(q.quantity)).toString(),
    deliveryDays: q.delivery_days,
    validUntil,
    note: q.note,
    status: quoteStatus({ id: q.id, supersededAt: q.superseded_at ? new Date(q.superseded_at) : null, validUntil }, rfq, now),
    createdAt: new Date(q.created_at),
  };
}

export type { QuoteRow, MatchRow };
