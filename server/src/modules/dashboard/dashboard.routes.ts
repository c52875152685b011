import type { Router } from 'express';
import type { Services } from '../../app/create-services.js';
import { toRestSellerFigures } from './dashboard.types.js';

/** REST shim: GET /sellers/figures, the seller's own figures (docs/product.md#seller-figures). */
export function dashboardRoutes(r: Router, services: Services): void {
  r.get('/sellers/figures', async (req, res) => {
    res.json(toRestSellerFigures(await services.dashboard.sellerFigures(req.ctx)));
  });
}
