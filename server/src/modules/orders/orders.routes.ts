import type { Router } from 'express';
import { restBody } from '../../http/rest-commands.js';
import type { OrderAction, OrderService } from './orders.service.js';
import { toRestOrder, toRestPayment } from './orders.types.js';

/**
 * REST shim of orders (docs/product.md#orders): the brief's four calls, plus ours for the seller's
 * and the buyer's other actions (the seller's payment marks, docs/product.md#paying), one order, how
 * to pay it, and the refetch after a reconnect.
 */
export function orderRoutes(r: Router, { orders }: { orders: OrderService }): void {

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

  r.get('/orders/:id', async (req, res) => {
    res.json({ order: toRestOrder(await orders.getOrder(req.ctx, String((req.params as Record<string, string>).id))) });
  });
}
