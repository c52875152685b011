import { notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import type { SqlDb } from '../../adapters/search/sql-runner.js';
import type { BusinessService } from '../business/business.service.js';
import { gstinProblem, stateName } from '../business/business.public.js';
import type { ProductPage, ProductService } from '../products/products.service.js';
import { badgesOf, ratingAverage, type Badge } from './badges.js';
import { reputationMessages as M } from './reputation.messages.js';
import type { ReviewService, ReviewView } from './reviews.service.js';
import { SellerFiguresStore } from './seller-figures.js';

export type { Badge, BadgeKind } from './badges.js';

/** A seller's public profile (docs/product.md#seller-profiles). */
export interface SellerProfileView {
  userId: string;
  username: string;
  /** The trade name of their business details (else the legal name), or null without business details. */
  tradeName: string | null;
  city: string | null;
  /** The state's name in the request's language. */
  state: string | null;
  memberSince: Date;
  badges: Badge[];
  /** The average rating to one decimal, once 3 reviews count (removed ones never do); else null. */
  ratingAverage: number | null;
  /** How many reviews count. */
  reviewCount: number;
}

/** A page of a seller's reviews, newest first, with the average. */
export interface SellerReviewsView {
  ratingAverage: number | null;
  reviewCount: number;
  items: ReviewView[];
  totalCount: number;
  limit: number;
  offset: number;
}

interface SellerRow {
  id: string;
  username: string;
  created_at: Date;
  email_verified: boolean;
  whatsapp_verified: boolean;
}

/**
 * Seller profiles and the figures behind their badges (docs/product.md#seller-profiles). The figures
 * are kept by jobs from order and chat events (`recountOrders`, `recordMessage`, the reply sweep), so
 * a profile read is a few rows by key whatever the seller's history.
 */
export class ReputationService {
  readonly figures: SellerFiguresStore;
  /** Badges read for a request, by seller (a page of search results names a seller once per product). */
  private readonly badgesOfRequest = new WeakMap<RequestContext, Map<string, Promise<Badge[]>>>();

  constructor(
    private readonly d: {
      db: SqlDb;
      clock: Clock;
      business: Pick<BusinessService, 'sellerBusiness'>;
      products: Pick<ProductService, 'listedBySeller'>;
      reviews: Pick<ReviewService, 'ofSeller'>;
    },
  ) {
    this.figures = new SellerFiguresStore(d.db);
  }

  /** The seller of a username: a live account (not deleted, not suspended); 404 otherwise. */
  private async sellerOf(username: unknown): Promise<SellerRow> {
    const name = typeof username === 'string' ? username.trim().toLowerCase() : '';
    const { rows } = /^[a-z0-9_.]{3,30}$/.test(name)
      ? await this.d.db.query<SellerRow>(
          'select id, username, created_at, email_verified, whatsapp_verified from users where username = $1 and deleted_at is null and suspended_at is null',
          [name],
        )
      : { rows: [] };
    if (!rows[0]) throw notFound(M.sellerNotFound);
    return rows[0];
  }

  /** GET /sellers/{username}: the profile and one page of the seller's listed products. */
  async profile(ctx: RequestContext, username: unknown, page: unknown): Promise<SellerProfileView & { products: ProductPage }> {
    const seller = await this.sellerOf(username);
    const [business, figures, products] = await Promise.all([
      this.d.business.sellerBusiness(ctx.em, seller.id),
      this.figures.read(seller.id),
      this.d.products.listedBySeller(ctx, seller.id, page),
    ]);
    const gstinChecked = business?.gstin ? gstinProblem(business.gstin) === null : false;
    return {
      userId: seller.id,
      username: seller.username,
      tradeName: business ? (business.tradeName ?? business.legalName) : null,
      city: business?.address.city ?? null,
      state: business ? stateName(business.address.state, ctx.locale) : null,
      memberSince: new Date(seller.created_at),
      badges: badgesOf({ emailVerified: seller.email_verified, whatsappVerified: seller.whatsapp_verified, gstinChecked, figures }),
      ratingAverage: ratingAverage(figures),
      reviewCount: figures?.reviews_counted ?? 0,
      products,
    };
  }

  /**
   * A user's earned badges alone, for the compact row beside their name (product pages, chat headers);
   * none for an unknown, deleted or suspended account. Reads the same rows as the profile, by key.
   */
  async badges(ctx: RequestContext, userId: unknown): Promise<Badge[]> {
    const id = typeof userId === 'string' ? userId.trim().toLowerCase() : '';
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return [];
    const { rows } = await this.d.db.query<SellerRow>(
      'select id, username, created_at, email_verified, whatsapp_verified from users where id = $1 and deleted_at is null and suspended_at is null',
      [id],
    );
    const seller = rows[0];
    if (!seller) return [];
    const [business, figures] = await Promise.all([this.d.business.sellerBusiness(ctx.em, seller.id), this.figures.read(seller.id)]);
    const gstinChecked = business?.gstin ? gstinProblem(business.gstin) === null : false;
    return badgesOf({ emailVerified: seller.email_verified, whatsappVerified: seller.whatsapp_verified, gstinChecked, figures });
  }

  /**
   * The badges of a search result's seller, read once per request and seller however many of the seller's
   * products the page shows (the result cards' compact row, docs/product.md#seller-profiles).
   */
  badgesOnce(ctx: RequestContext, userId: string): Promise<Badge[]> {
    let kept = this.badgesOfRequest.get(ctx);
    if (!kept) this.badgesOfRequest.set(ctx, (kept = new Map()));
    let badges = kept.get(userId);
    if (!badges) kept.set(userId, (badges = this.badges(ctx, userId)));
    return badges;
  }

  /** GET /sellers/{username}/reviews: the seller's reviews, newest first, paged, with the average. */
  async reviews(ctx: RequestContext, username: unknown, page: unknown): Promise<SellerReviewsView> {
    const seller = await this.sellerOf(username);
    const [figures, list] = await Promise.all([this.figures.read(seller.id), this.d.reviews.ofSeller(ctx.em, seller.id, page)]);
    return { ratingAverage: ratingAverage(figures), reviewCount: figures?.reviews_counted ?? 0, ...list };
  }

  /** A review event's job: the seller's ratings counted again. */
  recountRatings(sellerId: string): Promise<void> {
    return this.figures.recountRatings(sellerId, this.d.clock.now());
  }

  /** An order event's job: the seller's order figures counted again. */
  recountOrders(sellerId: string): Promise<void> {
    return this.figures.recountOrders(sellerId, this.d.clock.now());
  }

  /** A chat message event's job: a first reply recorded, and its sender's reply figures counted again. */
  recordMessage(conversationId: string, senderId: string): Promise<boolean> {
    return this.figures.recordMessage(conversationId, senderId, this.d.clock.now());
  }

  /** The sweep: reply figures whose window moved past their oldest reply, counted again. */
  sweepReplies(): Promise<number> {
    return this.figures.sweepReplies(this.d.clock.now());
  }
}
