import type { Router } from 'express';
import type { BusinessService } from './business.service.js';
import { commandFromRest, restBody } from '../../http/rest-commands.js';
import { toRestBuyerBilling, toRestSellerBusiness } from './business.types.js';

/** REST shim of business details (docs/product.md#rest-shim): `{business}` / `{billing}`, null until given. */
export function businessRoutes(r: Router, { business }: { business: BusinessService }): void {
  r.get('/sellers/business', async (req, res) => {
    const b = await business.mySellerBusiness(req.ctx);
    res.json({ business: b && toRestSellerBusiness(b, req.ctx.locale) });
  });

  r.put('/sellers/business', async (req, res) => {
    const body = restBody(req);
    const b = await business.saveSellerBusiness(req.ctx, { ...body, bank: commandFromRest(body.bank) });
    res.json({ success: true, message: 'Business details saved', business: toRestSellerBusiness(b, req.ctx.locale) });
  });

  r.get('/account/business', async (req, res) => {
    const b = await business.myBuyerBilling(req.ctx);
    res.json({ billing: b && toRestBuyerBilling(b, req.ctx.locale) });
  });

  r.put('/account/business', async (req, res) => {
    const b = await business.saveBuyerBilling(req.ctx, restBody(req));
    res.json({ success: true, message: 'Billing details saved', billing: toRestBuyerBilling(b, req.ctx.locale) });
  });
}
