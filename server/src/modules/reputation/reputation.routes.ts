import type { Request, Router } from 'express';
import type { ReputationService } from './reputation.service.js';
import type { ReviewService } from './reviews.service.js';
import { toRestProductPage, toRestReview, toRestSellerProfile, toRestSellerReviews } from './reputation.types.js';

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);
const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/** REST shim of seller profiles and reviews (docs/product.md#seller-profiles, docs/product.md#reviews). */
export function reputationRoutes(r: Router, { reputation, reviews }: { reputation: ReputationService; reviews: ReviewService }): void {
  r.get('/sellers/:username', async (req, res) => {
    const { products, ...seller } = await reputation.profile(req.ctx, param(req, 'username'), { limit: req.query.limit, offset: req.query.offset });
    res.json({ seller: toRestSellerProfile(seller), ...toRestProductPage(products, req.ctx.locale) });
  });

  r.get('/sellers/:username/reviews', async (req, res) => {
    res.json(toRestSellerReviews(await reputation.reviews(req.ctx, param(req, 'username'), { limit: req.query.limit, offset: req.query.offset })));
  });

  r.post('/orders/:id/review', async (req, res) => {
    const b = body(req);
    const review = await reviews.write(req.ctx, { orderId: param(req, 'id'), rating: b.rating, text: b.text });
    res.status(201).json({ success: true, review: toRestReview(review) });
  });

  r.put('/reviews/:id', async (req, res) => {
    const b = body(req);
    res.json({ success: true, review: toRestReview(await reviews.edit(req.ctx, { reviewId: param(req, 'id'), rating: b.rating, text: b.text })) });
  });

  r.post('/reviews/:id/reply', async (req, res) => {
    res.json({ success: true, review: toRestReview(await reviews.reply(req.ctx, { reviewId: param(req, 'id'), text: body(req).text })) });
  });

  // Behind the operator gate that moderation mounts on /operator (anyone else: the 404 of an unknown endpoint).
  r.post('/operator/reviews/:id/remove', async (req, res) => {
    res.json({ success: await reviews.remove(req.ctx, { reviewId: param(req, 'id'), note: body(req).note }) });
  });
}
