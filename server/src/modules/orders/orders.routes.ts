import type { Request, Router } from 'express';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import { restBody } from '../../http/rest-commands.js';
import { sendStoredFile } from '../../http/stored-files.js';
import { uploadTmpDir, withUpload } from '../../http/uploads.js';
import { PAYMENT_UPLOAD, type OrderAction, type OrderService } from './orders.service.js';
import { toRestOrder, toRestPayment } from './orders.types.js';

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

/**
 * REST shim of orders (docs/product.md#orders): the brief's four calls, plus ours for the seller's
 * and the buyer's other actions (the seller's payment marks, docs/product.md#paying), one order, how
 * to pay it, and the refetch after a reconnect.
 */
export function orderRoutes(r: Router, { orders, storage }: { orders: OrderService; storage: Storage }): void {

  r.post('/products/buy-now', async (req, res) => {
    const order = await orders.buyNow(req.ctx, { ...restBody(req), idempotencyKey: req.get('idempotency-key') });
    res.status(201).json({ message: 'Order placed', order_id: order.id, order: toRestOrder(order) });
  });

  r.get('/orders/list', async (req, res) => {
    const page = await orders.listAsBuyer(req.ctx, { limit: req.query.limit, offset: req.query.offset });
    res.json({ orders: page.items.map(toRestOrder), total_count: page.totalCount, limit: page.limit, offset: page.offset });
  });

  r.get('/sellers/orders/list', async (req, res) => {
    const page = await orders.listAsSeller(req.ctx, { limit: req.query.limit, offset: req.query.offset });
    res.json({ orders: page.items.map(toRestOrder), total_count: page.totalCount, limit: page.limit, offset: page.offset });
  });

  r.get('/orders/changes', async (req, res) => {
    const changes = await orders.changesAfter(req.ctx, { after: req.query.after });
    res.json({ orders: changes.items.map(toRestOrder), position: changes.position });
  });

  const action = (path: string, act: OrderAction, message: string) =>
    r.post(path, async (req, res) => {
      const id = (req.params as Record<string, string | undefined>).id;
      const order = await orders.act(req.ctx, act, id === undefined ? restBody(req) : { orderId: id });
      res.json({ success: true, message, order: toRestOrder(order) });
    });
  action('/orders/confirm', 'confirm_payment', 'Payment confirmed');
  action('/sellers/orders/:id/payment-received', 'payment_received', 'Payment received');
  action('/sellers/orders/:id/payment-not-received', 'payment_not_received', 'Payment not received: the buyer is told');
  action('/orders/cancel', 'cancel', 'Order cancelled');
  action('/sellers/orders/confirm-delivery', 'confirm_delivery', 'Delivery confirmed');
  action('/sellers/orders/decline', 'decline', 'Order declined');

  r.get('/orders/:id/payment', async (req, res) => {
    res.json(toRestPayment(await orders.payment(req.ctx, String((req.params as Record<string, string>).id))));
  });

  // The buyer's payment screenshot: for the order's two parties only (anyone else a 404, a visitor a 401).
  const screenshot = (preview: boolean) =>
    r.get(`/orders/:id/payment-screenshot${preview ? '/preview' : ''}`, async (req, res, next) => {
      const key = await orders.paymentScreenshot(req.ctx, param(req, 'id'), preview);
      // A confirmation after 'not received' replaces the picture at the same address: never kept stale.
      await sendStoredFile(req, res, next, storage, key, { cacheControl: 'private, no-cache' });
    });
  screenshot(false);
  screenshot(true);

  r.get('/orders/:id', async (req, res) => {
    res.json({ order: toRestOrder(await orders.getOrder(req.ctx, String((req.params as Record<string, string>).id))) });
  });
}

/**
 * POST /orders/confirm as multipart: `order_id`, `utr` (optional) and one `screenshot` of the payment
 * (PAYMENT_UPLOAD), checked while it streams. A visitor is refused before the body is read.
 */
export function orderUploadRoutes(r: Router, { orders, infra }: { orders: OrderService; infra: Pick<Infra, 'config'> }): void {
  const tmp = uploadTmpDir(infra.config);
  r.post('/orders/confirm', async (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    await orders.requireBuyer(req.ctx);
    const order = await withUpload(req, PAYMENT_UPLOAD, tmp, ({ fields, files }) =>
      orders.confirmPaymentWithScreenshot(req.ctx, { orderId: fields.order_id, utr: fields.utr }, files),
    );
    res.json({ success: true, message: 'Payment confirmed', order: toRestOrder(order) });
  });
}
