import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import type { AuthService } from '../auth/auth.service.js';
import { buyerBillingInput, sellerBusinessInput, type BuyerBillingFields, type SellerBusinessFields } from './business.inputs.js';

/** An address with its state as a GST state code. */
export interface BusinessAddress {
  line1: string;
  city: string;
  state: string;
  pincode: string;
}

/** A seller's business details as the seller (and the invoice and payment screens) see them. */
export interface SellerBusiness {
  legalName: string;
  tradeName: string | null;
  gstin: string | null;
  address: BusinessAddress;
  upiVpa: string | null;
  bank: { accountName: string; accountNumber: string; ifsc: string } | null;
  invoicePrefix: string;
  pricesIncludeGst: boolean;
  updatedAt: Date;
}

/** A buyer's billing details (for B2B invoices). */
export interface BuyerBilling {
  legalName: string | null;
  gstin: string | null;
  billingAddress: BusinessAddress;
  updatedAt: Date;
}

interface SellerRow {
  legal_name: string;
  trade_name: string | null;
  gstin: string | null;
  address_line1: string;
  city: string;
  state_code: string;
  pincode: string;
  upi_vpa: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  bank_ifsc: string | null;
  invoice_prefix: string;
  prices_include_gst: boolean;
  updated_at: Date | string;
}

interface BuyerRow {
  legal_name: string | null;
  gstin: string | null;
  address_line1: string;
  city: string;
  state_code: string;
  pincode: string;
  updated_at: Date | string;
}

const timeOf = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function sellerOf(r: SellerRow): SellerBusiness {
  return {
    legalName: r.legal_name,
    tradeName: r.trade_name,
    gstin: r.gstin,
    address: { line1: r.address_line1, city: r.city, state: r.state_code, pincode: r.pincode },
    upiVpa: r.upi_vpa,
    bank: r.bank_account_name && r.bank_account_number && r.bank_ifsc ? { accountName: r.bank_account_name, accountNumber: r.bank_account_number, ifsc: r.bank_ifsc } : null,
    invoicePrefix: r.invoice_prefix,
    pricesIncludeGst: r.prices_include_gst,
    updatedAt: timeOf(r.updated_at),
  };
}

function buyerOf(r: BuyerRow): BuyerBilling {
  return {
    legalName: r.legal_name,
    gstin: r.gstin,
    billingAddress: { line1: r.address_line1, city: r.city, state: r.state_code, pincode: r.pincode },
    updatedAt: timeOf(r.updated_at),
  };
}

/**
 * Business details (docs/product.md#business-details): a seller's (names, GSTIN, registered address,
 * UPI address, bank details, invoice prefix, whether prices include GST) and a buyer's billing details.
 * Each account edits only its own; orders and invoices read them for the two parties of an order.
 */
export class BusinessService {
  constructor(
    private readonly auth: AuthService,
    private readonly clock: Clock,
  ) {}

  /** The viewer's seller details, or null before they were given. */
  async mySellerBusiness(ctx: RequestContext): Promise<SellerBusiness | null> {
    const user = await this.auth.requireUser(ctx);
    return this.sellerBusiness(ctx.em, user.id);
  }

  /** Replaces the viewer's seller details (PUT: every field; the optional ones left out are cleared). */
  async saveSellerBusiness(ctx: RequestContext, raw: unknown): Promise<SellerBusiness> {
    const user = await this.auth.requireUser(ctx);
    const f: SellerBusinessFields = parseInput(sellerBusinessInput, raw);
    const now = this.clock.now();
    const [row] = await ctx.em.execute<SellerRow[]>(
      `insert into seller_business (user_id, legal_name, trade_name, gstin, address_line1, city, state_code, pincode, upi_vpa,
         bank_account_name, bank_account_number, bank_ifsc, invoice_prefix, prices_include_gst, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id) do update set legal_name = excluded.legal_name, trade_name = excluded.trade_name, gstin = excluded.gstin,
         address_line1 = excluded.address_line1, city = excluded.city, state_code = excluded.state_code, pincode = excluded.pincode,
         upi_vpa = excluded.upi_vpa, bank_account_name = excluded.bank_account_name, bank_account_number = excluded.bank_account_number,
         bank_ifsc = excluded.bank_ifsc, invoice_prefix = excluded.invoice_prefix, prices_include_gst = excluded.prices_include_gst,
         updated_at = excluded.updated_at
       returning *`,
      [
        user.id, f.legalName, f.tradeName, f.gstin, f.address.line1, f.address.city, f.address.state, f.address.pincode, f.upiVpa,
        f.bank?.accountName ?? null, f.bank?.accountNumber ?? null, f.bank?.ifsc ?? null, f.invoicePrefix, f.pricesIncludeGst, now, now,
      ],
    );
    return sellerOf(row);
  }

  /** The viewer's billing details as a buyer, or null before they were given. */
  async myBuyerBilling(ctx: RequestContext): Promise<BuyerBilling | null> {
    const user = await this.auth.requireUser(ctx);
    return this.buyerBilling(ctx.em, user.id);
  }

  /** Replaces the viewer's billing details. */
  async saveBuyerBilling(ctx: RequestContext, raw: unknown): Promise<BuyerBilling> {
    const user = await this.auth.requireUser(ctx);
    const f: BuyerBillingFields = parseInput(buyerBillingInput, raw);
    const now = this.clock.now();
    const a = f.billingAddress;
    const [row] = await ctx.em.execute<BuyerRow[]>(
      `insert into buyer_billing (user_id, legal_name, gstin, address_line1, city, state_code, pincode, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id) do update set legal_name = excluded.legal_name, gstin = excluded.gstin, address_line1 = excluded.address_line1,
         city = excluded.city, state_code = excluded.state_code, pincode = excluded.pincode, updated_at = excluded.updated_at
       returning *`,
      [user.id, f.legalName, f.gstin, a.line1, a.city, a.state, a.pincode, now, now],
    );
    return buyerOf(row);
  }

  /** A seller's details (for their orders' payment screen and invoices), or null. */
  async sellerBusiness(em: EntityManager, sellerId: string): Promise<SellerBusiness | null> {
    const [row] = await em.execute<SellerRow[]>('select * from seller_business where user_id = ?', [sellerId]);
    return row ? sellerOf(row) : null;
  }

  /** A buyer's billing details (for their invoices), or null. */
  async buyerBilling(em: EntityManager, buyerId: string): Promise<BuyerBilling | null> {
    const [row] = await em.execute<BuyerRow[]>('select * from buyer_billing where user_id = ?', [buyerId]);
    return row ? buyerOf(row) : null;
  }

  /** Forgets a deleted account's details (invoices already made keep their own copy). */
  async forgetUser(em: EntityManager, userId: string): Promise<void> {
    await em.execute('delete from seller_business where user_id = ?', [userId]);
    await em.execute('delete from buyer_billing where user_id = ?', [userId]);
  }
}
