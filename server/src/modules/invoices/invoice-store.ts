import type { EntityManager } from '@mikro-orm/postgresql';
import type { GstRate } from '../business/business.public.js';
import type { Unit } from '../products/products.public.js';
import type { InvoiceDocument } from './invoice-document.js';

/** What an invoice is made from: a paid order with its two parties and their business details, as read now. */
export interface InvoiceSource {
  order_id: string;
  status: string;
  seller_id: string;
  buyer_id: string;
  product_title: string;
  hsn_code: string | null;
  quantity: number;
  unit: Unit;
  unit_price_paise: string;
  gst_rate: GstRate;
  prices_include_gst: boolean;
  seller_gstin: string | null;
  payment_utr: string | null;
  paid_at: Date | null;
  buyer_username: string;
  buyer_language: string;
  seller_username: string;
  s_legal_name: string | null;
  s_trade_name: string | null;
  s_line1: string | null;
  s_city: string | null;
  s_state: string | null;
  s_pincode: string | null;
  s_prefix: string | null;
  b_legal_name: string | null;
  b_gstin: string | null;
  b_line1: string | null;
  b_city: string | null;
  b_state: string | null;
  b_pincode: string | null;
}

export interface StoredInvoice {
  orderId: string;
  number: string;
  storageKey: string;
  storedAt: Date | null;
  document: InvoiceDocument;
}

interface InvoiceRow {
  order_id: string;
  number: string;
  storage_key: string;
  stored_at: Date | null;
  document: unknown;
}

/** An invoice document as JSON: amounts (bigint) as {"$paise": "123"}, times as ISO text. */
export function documentToJson(doc: InvoiceDocument): string {
  return JSON.stringify(doc, (_k, v: unknown) => (typeof v === 'bigint' ? { $paise: v.toString() } : v));
}

/** The document read back from its JSON (amounts and times as they were). */
export function documentFromJson(value: unknown): InvoiceDocument {
  const revive = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(revive);
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.$paise === 'string' && Object.keys(o).length === 1) return BigInt(o.$paise);
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, revive(x)]));
    }
    return v;
  };
  const doc = revive(typeof value === 'string' ? JSON.parse(value) : value) as InvoiceDocument;
  doc.issuedAt = new Date(doc.issuedAt);
  if (doc.payment?.receivedAt) doc.payment.receivedAt = new Date(doc.payment.receivedAt);
  return doc;
}

const storedOf = (r: InvoiceRow): StoredInvoice => ({
  orderId: r.order_id,
  number: r.number,
  storageKey: r.storage_key,
  storedAt: r.stored_at,
  document: documentFromJson(r.document),
});

/**
 * The invoice store: invoices and their per-seller, per-financial-year counters in SQL. The number is
 * taken by one upsert of the counter row (locked until commit) in the transaction that writes the
 * invoice, so numbers have no gaps and no duplicates however many invoices are made at once.
 */
export class InvoiceStore {
  /** Locks a paid order for making its invoice and reads what the invoice needs; null: no such order. */
  async lockSource(tx: EntityManager, orderId: string): Promise<InvoiceSource | null> {
    const [row] = await tx.execute<InvoiceSource[]>(
      `select o.id as order_id, o.status, o.seller_id, o.buyer_id, o.product_title, o.hsn_code, o.quantity, o.unit, o.unit_price_paise::text,
          o.gst_rate, o.prices_include_gst, o.seller_gstin, o.payment_utr, o.paid_at,
          b.username as buyer_username, b.language as buyer_language, s.username as seller_username,
          sb.legal_name as s_legal_name, sb.trade_name as s_trade_name, sb.address_line1 as s_line1, sb.city as s_city, sb.state_code as s_state,
          sb.pincode as s_pincode, sb.invoice_prefix as s_prefix,
          bb.legal_name as b_legal_name, bb.gstin as b_gstin, bb.address_line1 as b_line1, bb.city as b_city, bb.state_code as b_state, bb.pincode as b_pincode
        from orders o join users b on b.id = o.buyer_id join users s on s.id = o.seller_id
        left join seller_business sb on sb.user_id = o.seller_id left join buyer_billing bb on bb.user_id = o.buyer_id
        where o.id = ? for update of o`,
      [orderId],
    );
    return row ?? null;
  }

  /** The next invoice serial of a seller's financial year (the counter row stays locked until commit). */
  async nextSerial(tx: EntityManager, sellerId: string, financialYear: string): Promise<number> {
    const [row] = await tx.execute<Array<{ last_serial: number }>>(
      `insert into invoice_counters (seller_id, financial_year, last_serial) values (?, ?, 1)
       on conflict (seller_id, financial_year) do update set last_serial = invoice_counters.last_serial + 1
       returning last_serial`,
      [sellerId, financialYear],
    );
    return row.last_serial;
  }

  async insert(
    tx: EntityManager,
    i: { orderId: string; sellerId: string; buyerId: string; financialYear: string; serial: number; document: InvoiceDocument; storageKey: string; now: Date },
  ): Promise<void> {
    await tx.execute(
      `insert into invoices (order_id, seller_id, buyer_id, financial_year, serial, number, kind, language, document, storage_key, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)`,
      [i.orderId, i.sellerId, i.buyerId, i.financialYear, i.serial, i.document.number, i.document.kind, i.document.language, documentToJson(i.document), i.storageKey, i.now],
    );
  }

  async find(em: EntityManager, orderId: string): Promise<StoredInvoice | null> {
    const [row] = await em.execute<InvoiceRow[]>('select order_id, number, storage_key, stored_at, document from invoices where order_id = ?', [orderId]);
    return row ? storedOf(row) : null;
  }

  async markStored(em: EntityManager, orderId: string, now: Date): Promise<void> {
    await em.execute('update invoices set stored_at = ? where order_id = ? and stored_at is null', [now, orderId]);
  }

  /** Paid orders without an invoice, and invoices whose PDF was not stored (their job lost), oldest first. */
  async missing(em: EntityManager, before: Date, limit: number): Promise<string[]> {
    const rows = await em.execute<Array<{ id: string }>>(
      `(select o.id from orders o where o.status in ('delivery_pending', 'delivered') and o.paid_at is not null and o.paid_at < ?
          and not exists (select 1 from invoices i where i.order_id = o.id) order by o.paid_at limit ?)
       union all (select order_id from invoices where stored_at is null and created_at < ? order by created_at limit ?)`,
      [before, limit, before, limit],
    );
    return rows.map((r) => r.id);
  }
}
