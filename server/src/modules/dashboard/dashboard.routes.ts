import type { Router } from 'express';
import type { DashboardService } from './dashboard.service.js';
import { toRestSellerFigures } from './dashboard.types.js';

/** REST shim: GET /sellers/figures, the seller's own figures (docs/product.md#seller-figures). */
export function dashboardRoutes(r: Router, { dashboard }: { dashboard: DashboardService }): void {
  r.get('/sellers/figures', async (req, res) => {
    res.json(toRestSellerFigures(await dashboard.sellerFigures(req.ctx)));
  });
}
