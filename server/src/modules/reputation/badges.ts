/** A seller's figures as the reputation jobs keep them (table seller_figures). */
export interface SellerFiguresRow {
  orders_total: number;
  orders_delivered: number;
  orders_cancelled_by_seller: number;
  replies_counted: number;
  reply_median_seconds: number | null;
  /** Reviews shown (removed ones left out) and the sum of their ratings. */
  reviews_counted: number;
  rating_sum: number;
}

/** The badges a seller's profile may show, each earned from what the platform saw (docs/product.md#seller-profiles). */
export const BADGE_KINDS = ['email_verified', 'whatsapp_verified', 'gstin_checked', 'replies_within', 'orders_delivered', 'cancellation_rate'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

/** A badge and its figure: hours for replies_within, a count for orders_delivered, a percentage for cancellation_rate. */
export interface Badge {
  kind: BadgeKind;
  value: number | null;
}

/** 'Replies within N hours' is shown once this many first replies fall in the window. */
export const MIN_REPLIES_FOR_BADGE = 5;
/** The seller's cancellation rate is shown once this many orders were placed with them. */
export const MIN_ORDERS_FOR_RATE = 10;

export interface BadgeFacts {
  emailVerified: boolean;
  whatsappVerified: boolean;
  /** The seller's business details hold a GSTIN whose format and check character are right. */
  gstinChecked: boolean;
  figures: SellerFiguresRow | null;
}

/** The hours a median reply time is shown as: whole hours, rounded up, at least 1. */
export const replyHours = (seconds: number): number => Math.max(1, Math.ceil(seconds / 3600));

/** The badges earned, in the order the profile shows them. */
export function badgesOf(f: BadgeFacts): Badge[] {
  const out: Badge[] = [];
  if (f.emailVerified) out.push({ kind: 'email_verified', value: null });
  if (f.whatsappVerified) out.push({ kind: 'whatsapp_verified', value: null });
  if (f.gstinChecked) out.push({ kind: 'gstin_checked', value: null });
  const g = f.figures;
  if (g && g.replies_counted >= MIN_REPLIES_FOR_BADGE && g.reply_median_seconds !== null) out.push({ kind: 'replies_within', value: replyHours(g.reply_median_seconds) });
  if (g && g.orders_delivered > 0) out.push({ kind: 'orders_delivered', value: g.orders_delivered });
  if (g && g.orders_total >= MIN_ORDERS_FOR_RATE) out.push({ kind: 'cancellation_rate', value: Math.round((100 * g.orders_cancelled_by_seller) / g.orders_total) });
  return out;
}

/** The average rating is shown once this many reviews count (removed ones never do). */
export const MIN_REVIEWS_FOR_AVERAGE = 3;

/** The average rating to one decimal, or null below MIN_REVIEWS_FOR_AVERAGE reviews. */
export function ratingAverage(figures: Pick<SellerFiguresRow, 'reviews_counted' | 'rating_sum'> | null): number | null {
  if (!figures || figures.reviews_counted < MIN_REVIEWS_FOR_AVERAGE) return null;
  return Math.round((10 * figures.rating_sum) / figures.reviews_counted) / 10;
}

/**
 * A seller's standing in search (docs/product.md#seller-profiles), from what their profile shows: the
 * average rating in tenths once it is shown (10 to 50), plus 5, 3 or 1 when 'replies within' says 1, up
 * to 4 or up to 24 hours. 0 until either is shown. Search uses it only to order results that are
 * equally relevant; it is never above relevance.
 */
export function searchStanding(figures: Omit<SellerFiguresRow, 'orders_total' | 'orders_delivered' | 'orders_cancelled_by_seller'> | null): number {
  if (!figures) return 0;
  const rating = ratingAverage(figures);
  const counted = figures.replies_counted >= MIN_REPLIES_FOR_BADGE && figures.reply_median_seconds !== null;
  const hours = counted ? replyHours(figures.reply_median_seconds!) : null;
  const replies = hours === null ? 0 : hours <= 1 ? 5 : hours <= 4 ? 3 : hours <= 24 ? 1 : 0;
  return (rating === null ? 0 : Math.round(rating * 10)) + replies;
}
