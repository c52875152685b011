import type { Request, Router } from 'express';
import { restBody } from '../../http/rest-commands.js';
import { toRestOrder } from '../orders/orders.types.js';
import type { RfqService } from './rfqs.service.js';
import { toRestDraft, toRestQuote, toRestRfq } from './rfqs.types.js';

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

/** REST shim of buy requirements (docs/product.md#buy-requirements). */
export function rfqRoutes(r: Router, { rfqs }: { rfqs: RfqService }): void {
  r.post('/rfqs/draft', async (req, res) => {
    res.json({ draft: toRestDraft(await rfqs.draft(req.ctx, restBody(req))) });
  });

  r.post('/rfqs', async (req, res) => {
    res.status(201).json({ rfq: toRestRfq(await rfqs.create(req.ctx, restBody(req))) });
  });

  r.get('/rfqs/mine', async (req, res) => {
    res.json({ rfqs: (await rfqs.mine(req.ctx)).map(toRestRfq) });
  });

  r.get('/rfqs/changes', async (req, res) => {
    const changes = await rfqs.changesAfter(req.ctx, { after: req.query.after });
    res.json({ rfqs: changes.items.map(toRestRfq), position: changes.position });
  });

  r.get('/sellers/rfqs', async (req, res) => {
    const page = await rfqs.inbox(req.ctx, { limit: req.query.limit, offset: req.query.offset });
    res.json({ rfqs: page.items.map(toRestRfq), total_count: page.totalCount, limit: page.limit, offset: page.offset });
  });

  r.get('/rfqs/:id', async (req, res) => {
    res.json({ rfq: toRestRfq(await rfqs.get(req.ctx, param(req, 'id'))) });
  });

  r.post('/rfqs/:id/close', async (req, res) => {
    res.json({ rfq: toRestRfq(await rfqs.close(req.ctx, param(req, 'id'))) });
  });

  r.get('/rfqs/:id/quotes', async (req, res) => {
    res.json({ quotes: (await rfqs.quotes(req.ctx, param(req, 'id'))).map(toRestQuote) });
  });

  r.post('/rfqs/:id/quotes', async (req, res) => {
    res.status(201).json({ quote: toRestQuote(await rfqs.quote(req.ctx, { ...restBody(req), rfqId: param(req, 'id') })) });
  });

  r.post('/rfqs/:id/decline', async (req, res) => {
    res.json({ rfq: toRestRfq(await rfqs.decline(req.ctx, { ...restBody(req), rfqId: param(req, 'id') })) });
  });

  r.post('/rfqs/:id/quotes/:quoteId/accept', async (req, res) => {
    const order = await rfqs.accept(req.ctx, { rfqId: param(req, 'id'), quoteId: param(req, 'quoteId') }, req.get('idempotency-key'));
    res.status(201).json({ message: 'Order placed', order_id: order.id, order: toRestOrder(order) });
  });
}
