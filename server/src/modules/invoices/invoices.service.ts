import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Storage } from '../../adapters/storage/storage.js';
import { notFound } from '../../common/app-error.js';
import { asZod } from '../../common/message.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import type { AuthService } from '../auth/auth.service.js';
import { supplyOf } from '../business/business.public.js';
import { z } from 'zod';
import { ORDER_NOT_FOUND, type OrderService } from '../orders/orders.service.js';
import { priceLines, type InvoiceDocument, type InvoiceParty } from './invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { invoiceMessages } from './invoices.messages.js';
import { InvoiceStore, type InvoiceSource, type StoredInvoice } from './invoice-store.js';

export const INVOICE_NOT_READY = invoiceMessages.invoiceNotReady;
/** Without business details an invoice still needs a prefix. */
const DEFAULT_PREFIX = 'INV/';
const SWEEP_BATCH = 100;

const VALID_ORDER = asZod(invoiceMessages.pleaseChooseAValidOrder);
const orderIdInput = z.object({ orderId: z.string({ error: VALID_ORDER }).trim().toLowerCase().pipe(z.uuid({ error: VALID_ORDER })) });

/** The Indian financial year (April to March) of an instant, as '2026-27'. */
export function financialYearOf(at: Date): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(at).split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The invoice document of a paid order as its parties' details stand now (fixed once made). */
export function invoiceDocumentOf(s: InvoiceSource, number: string, issuedAt: Date): InvoiceDocument {
  const sellerAddress = s.s_line1 && s.s_state ? { line1: s.s_line1, city: s.s_city ?? '', state: s.s_state, pincode: s.s_pincode ?? '' } : null;
  const buyerAddress = s.b_line1 && s.b_state ? { line1: s.b_line1, city: s.b_city ?? '', state: s.b_state, pincode: s.b_pincode ?? '' } : null;
  const seller: InvoiceParty = { name: s.s_legal_name ?? s.seller_username, tradeName: s.s_trade_name, gstin: s.seller_gstin, address: sellerAddress };
  const buyer: InvoiceParty = { name: s.b_legal_name ?? s.buyer_username, tradeName: null, gstin: s.b_gstin, address: buyerAddress };
  const placeOfSupply = buyerAddress?.state ?? sellerAddress?.state ?? '';
  const supply = supplyOf(s.seller_gstin, sellerAddress?.state ?? placeOfSupply, placeOfSupply || null);
  return {
    kind: s.seller_gstin ? 'tax_invoice' : 'bill_of_supply',
    language: s.buyer_language === 'hi' ? 'hi' : 'en',
    number,
    issuedAt,
    orderReference: s.order_id.slice(-8),
    seller,
    buyer,
    placeOfSupply,
    supply,
    pricesIncludeGst: s.prices_include_gst,
    ...priceLines(
      [{ description: s.product_title, hsnCode: s.hsn_code, quantity: s.quantity, unit: s.unit, unitPricePaise: String(s.unit_price_paise), gstRate: s.gst_rate }],
      s.prices_include_gst,
      supply,
    ),
    payment: { utr: s.payment_utr, receivedAt: issuedAt },
  };
}

export interface InvoiceServiceDeps {
  auth: AuthService;
  /** Told of each invoice made, in its transaction (the order names it; both parties see the link). */
  orders: Pick<OrderService, 'invoiceMade'>;
  storage: Storage;
  clock: Clock;
  log: Logger;
}

/**
 * GST invoices (docs/product.md#gst-invoices): made by a job once the seller marks an order's payment
 * received, numbered per seller and financial year without gaps, stored as a PDF so every download
 * gives the same bytes, and shown to the order's two parties only.
 */
export class InvoiceService {
  private readonly store = new InvoiceStore();

  constructor(private readonly deps: InvoiceServiceDeps) {}

  /**
   * Makes the invoice of a paid order (idempotent: a second run finds it made), then stores its PDF.
   * Answers the invoice, or null when the order is not paid (nothing to make).
   */
  async make(em: EntityManager, orderId: string): Promise<StoredInvoice | null> {
    const made = await em.fork().transactional(async (tx) => {
      const source = await this.store.lockSource(tx, orderId);
      if (!source || !source.paid_at || (source.status !== 'delivery_pending' && source.status !== 'delivered')) return null;
      const existing = await this.store.find(tx, orderId);
      if (existing) return existing;
      const issuedAt = new Date(source.paid_at);
      const financialYear = financialYearOf(issuedAt);
      const serial = await this.store.nextSerial(tx, source.seller_id, financialYear);
      const document = invoiceDocumentOf(source, `${source.s_prefix ?? DEFAULT_PREFIX}${serial}`, issuedAt);
      const storageKey = `invoices/${source.seller_id}/${financialYear}/${orderId}.pdf`;
      await this.store.insert(tx, { orderId, sellerId: source.seller_id, buyerId: source.buyer_id, financialYear, serial, document, storageKey, now: this.deps.clock.now() });
      await this.deps.orders.invoiceMade(tx, orderId, document.number);
      return { orderId, number: document.number, storageKey, storedAt: null, document } satisfies StoredInvoice;
    });
    if (made && !made.storedAt) await this.storePdf(em, made);
    return made;
  }

  /** Renders and stores an invoice's PDF once (a later download reads these bytes). */
  private async storePdf(em: EntityManager, invoice: StoredInvoice): Promise<Buffer> {
    const pdf = await renderInvoicePdf(invoice.document);
    await this.deps.storage.put(invoice.storageKey, pdf, pdf.length);
    await this.store.markStored(em.fork(), invoice.orderId, this.deps.clock.now());
    return pdf;
  }

  /** GET /orders/{id}/invoice: the PDF and its number, for the order's buyer or seller; anyone else 404. */
  async pdfFor(ctx: RequestContext, rawOrderId: string): Promise<{ number: string; pdf: Buffer }> {
    const user = await this.deps.auth.requireUser(ctx);
    const { orderId } = parseInput(orderIdInput, { orderId: rawOrderId });
    const em = ctx.em.fork();
    const [order] = await em.execute<Array<{ buyer_id: string; seller_id: string }>>('select buyer_id, seller_id from orders where id = ?', [orderId]);
    if (!order || (order.buyer_id !== user.id && order.seller_id !== user.id)) throw notFound(ORDER_NOT_FOUND);
    const invoice = await this.store.find(em, orderId);
    if (!invoice) throw notFound(INVOICE_NOT_READY);
    const pdf = invoice.storedAt ? await this.deps.storage.read(invoice.storageKey) : await this.storePdf(em, invoice);
    return { number: invoice.number, pdf };
  }

  /** The invoices a lost job stood for: paid orders without one, invoices without their PDF. */
  async sweep(em: EntityManager): Promise<number> {
    const ids = await this.store.missing(em.fork(), new Date(this.deps.clock.now().getTime() - 60_000), SWEEP_BATCH);
    let made = 0;
    for (const id of ids) {
      try {
        if (await this.make(em, id)) made++;
      } catch (err) {
        this.deps.log.warn({ err: (err as Error).message, orderId: id }, 'making an invoice failed');
      }
    }
    return made;
  }
}

/** The file name an invoice downloads as: its number with '/' as '-'. */
export const invoiceFileName = (number: string): string => `invoice-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
