import type { Request, Router } from 'express';
import type { Services } from '../../app/create-services.js';
import { toRestProductPage, toRestSellerProfile } from './reputation.types.js';

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

/** REST shim of seller profiles (docs/product.md#seller-profiles). */
export function reputationRoutes(r: Router, { reputation }: Pick<Services, 'reputation'>): void {
  r.get('/sellers/:username', async (req, res) => {
    const { products, ...seller } = await reputation.profile(req.ctx, param(req, 'username'), { limit: req.query.limit, offset: req.query.offset });
    res.json({ seller: toRestSellerProfile(seller), ...toRestProductPage(products, req.ctx.locale) });
  });
}
