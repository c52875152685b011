import type { Request, Router } from 'express';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import { badInput, notFound } from '../../common/app-error.js';
import { restBody } from '../../http/rest-commands.js';
import { sendStoredFile } from '../../http/stored-files.js';
import { uploadTmpDir, withUpload } from '../../http/uploads.js';
import { toRestOrder } from '../orders/orders.types.js';
import { RFQ_UPLOAD } from './rfq-photos.js';
import { rfqMessages as M } from './rfqs.messages.js';
import type { RfqService } from './rfqs.service.js';
import { toRestDraft, toRestQuote, toRestRfq } from './rfqs.types.js';

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

/** REST shim of buy requirements (docs/product.md#buy-requirements). */
export function rfqRoutes(r: Router, { rfqs, storage }: { rfqs: RfqService; storage: Storage }): void {
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

  // A requirement's photos are private: its buyer and matched sellers get them; anyone else a 404.
  const photo = (preview: boolean) =>
    r.get(`/rfqs/:id/photos/:n${preview ? '/preview' : ''}`, async (req, res, next) => {
      const key = await rfqs.photoFile(req.ctx, param(req, 'id'), param(req, 'n'), preview);
      if (!key) throw notFound(M.photoNotFound);
      await sendStoredFile(req, res, next, storage, key, { cacheControl: 'private, max-age=3600' });
    });
  photo(false);
  photo(true);
}

/**
 * POST /rfqs as multipart: the requirement as JSON in `rfq` and up to 3 `photos` (RFQ_UPLOAD), each checked while
 * it streams. A visitor is refused before the body is read.
 */
export function rfqUploadRoutes(r: Router, { rfqs, infra }: { rfqs: RfqService; infra: Pick<Infra, 'config'> }): void {
  const tmp = uploadTmpDir(infra.config);
  r.post('/rfqs', async (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    rfqs.requirePoster(req.ctx);
    const view = await withUpload(req, RFQ_UPLOAD, tmp, (upload) => {
      let body: unknown;
      try {
        body = JSON.parse(upload.fields.rfq ?? '');
      } catch {
        throw badInput(M.requirementIsJson);
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw badInput(M.requirementIsJson);
      return rfqs.create(req.ctx, body, upload.files);
    });
    res.status(201).json({ rfq: toRestRfq(view) });
  });
}
