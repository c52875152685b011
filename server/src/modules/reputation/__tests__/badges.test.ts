import { describe, expect, it } from 'vitest';
import { badgesOf, replyHours, searchStanding } from '../badges.js';

const figures = (f: Partial<Parameters<typeof badgesOf>[0]['figures'] & object> = {}) => ({
  orders_total: 0,
  orders_delivered: 0,
  orders_cancelled_by_seller: 0,
  replies_counted: 0,
  reply_median_seconds: null,
  reviews_counted: 0,
  rating_sum: 0,
  ...f,
});
const facts = { emailVerified: false, whatsappVerified: false, gstinChecked: false, figures: null };

// docs/product.md#seller-profiles: each badge is earned, each figure shown only from its threshold.
describe('badges', () => {
  it('gives none to a new seller', () => {
    expect(badgesOf(facts)).toEqual([]);
    expect(badgesOf({ ...facts, figures: figures() })).toEqual([]);
  });

  it('shows verification badges as earned, in a fixed order', () => {
    expect(badgesOf({ ...facts, gstinChecked: true, emailVerified: true }).map((b) => b.kind)).toEqual(['email_verified', 'gstin_checked']);
    expect(badgesOf({ ...facts, whatsappVerified: true }).map((b) => b.kind)).toEqual(['whatsapp_verified']);
  });

  it('shows the reply time from 5 first replies, in whole hours rounded up', () => {
    expect(badgesOf({ ...facts, figures: figures({ replies_counted: 4, reply_median_seconds: 600 }) })).toEqual([]);
    expect(badgesOf({ ...facts, figures: figures({ replies_counted: 5, reply_median_seconds: 600 }) })).toEqual([{ kind: 'replies_within', value: 1 }]);
    expect(replyHours(3600)).toBe(1);
    expect(replyHours(3601)).toBe(2);
    expect(replyHours(0)).toBe(1);
  });

  it('counts delivered orders from the first, and the cancellation rate from 10 orders', () => {
    expect(badgesOf({ ...facts, figures: figures({ orders_total: 9, orders_delivered: 1, orders_cancelled_by_seller: 3 }) })).toEqual([{ kind: 'orders_delivered', value: 1 }]);
    expect(badgesOf({ ...facts, figures: figures({ orders_total: 10, orders_delivered: 0, orders_cancelled_by_seller: 0 }) })).toEqual([{ kind: 'cancellation_rate', value: 0 }]);
    expect(badgesOf({ ...facts, figures: figures({ orders_total: 30, orders_delivered: 20, orders_cancelled_by_seller: 1 }) })).toEqual([
      { kind: 'orders_delivered', value: 20 },
      { kind: 'cancellation_rate', value: 3 },
    ]);
  });
});

describe('the average rating', () => {
  it('is shown from 3 reviews, to one decimal', async () => {
    const { ratingAverage } = await import('../badges.js');
    expect(ratingAverage(null)).toBeNull();
    expect(ratingAverage({ reviews_counted: 2, rating_sum: 10 })).toBeNull();
    expect(ratingAverage({ reviews_counted: 3, rating_sum: 13 })).toBe(4.3);
    expect(ratingAverage({ reviews_counted: 3, rating_sum: 14 })).toBe(4.7);
    expect(ratingAverage({ reviews_counted: 4, rating_sum: 20 })).toBe(5);
  });
});

// docs/product.md#seller-profiles: the standing search orders equal matches by reads only what the profile shows.
describe('searchStanding', () => {
  it('is 0 until a rating average or a reply badge is shown', () => {
    expect(searchStanding(null)).toBe(0);
    expect(searchStanding(figures({ reviews_counted: 2, rating_sum: 10, replies_counted: 4, reply_median_seconds: 60 }))).toBe(0);
  });

  it('counts the shown average in tenths and adds 5, 3 or 1 for replies within 1, 4 or 24 hours', () => {
    expect(searchStanding(figures({ reviews_counted: 3, rating_sum: 14 }))).toBe(47);
    expect(searchStanding(figures({ replies_counted: 5, reply_median_seconds: 3600 }))).toBe(5);
    expect(searchStanding(figures({ replies_counted: 5, reply_median_seconds: 3601 }))).toBe(3);
    expect(searchStanding(figures({ replies_counted: 5, reply_median_seconds: 4 * 3600 + 1 }))).toBe(1);
    expect(searchStanding(figures({ replies_counted: 5, reply_median_seconds: 24 * 3600 + 1 }))).toBe(0);
    expect(searchStanding(figures({ reviews_counted: 4, rating_sum: 20, replies_counted: 9, reply_median_seconds: 900 }))).toBe(55);
  });
});
