import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectGqlError } from '../support/accounts.js';
import { ApiClient } from '../support/client.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

let app: TestApp;
let seller: Seller;
let buyer: Seller;

beforeAll(async () => {
  app = await startTestApp();
  [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
});
afterAll(() => app?.close());

const FIGURES = '{ sellerFigures { ordersAwaitingPayment ordersToDeliver unreadMessages listingsActive listingsOff } }';
const figures = async (s: Seller) => {
  const res = await s.client.gql(FIGURES);
  expect(res.errors).toBeUndefined();
  return res.data!.sellerFigures;
};
const buy = async (productId: string) => {
  const res = await buyer.client.request('POST', '/products/buy-now', { product_id: productId, quantity: 1 }, { 'idempotency-key': randomUUID() });
  expect(res.status).toBe(201);
  return res.body.order_id as string;
};

// docs/product.md#seller-figures: the seller's dashboard shows their own figures, each as its module counts it.
describe("a seller's own figures", () => {
  it('counts orders to act on, unread messages and listings on and off, the same over GraphQL and REST', async () => {
    expect(await figures(seller)).toEqual({ ordersAwaitingPayment: 0, ordersToDeliver: 0, unreadMessages: 0, listingsActive: 0, listingsOff: 0 });
    const [chairs, tables, old] = await Promise.all([
      createProduct(seller.client, { title: 'Canteen chairs', quantity: { min_quantity: 1, max_quantity: 50 } }),
      createProduct(seller.client, { title: 'Canteen tables', quantity: { min_quantity: 1, max_quantity: 50 } }),
      createProduct(seller.client, { title: 'Old stock' }),
    ]);
    expect((await seller.client.put(`/seller/products/${old.product_id}`, { enabled: false })).status).toBe(200);
    const unpaid = await buy(chairs.product_id);
    const paid = await buy(tables.product_id);
    const cancelled = await buy(tables.product_id);
    expect((await buyer.client.post('/orders/confirm', { order_id: paid })).status).toBe(200);
    expect((await seller.client.post(`/sellers/orders/${paid}/payment-received`, {})).status).toBe(200);
    expect((await buyer.client.post('/orders/cancel', { order_id: cancelled })).status).toBe(200);
    for (const content of ['Are the chairs stackable?', 'And the colours?']) {
      expect((await buyer.client.post(`/chat/${seller.user.uid}/messages`, { content })).status).toBe(201);
    }

    expect(await figures(seller)).toEqual({ ordersAwaitingPayment: 1, ordersToDeliver: 1, unreadMessages: 2, listingsActive: 2, listingsOff: 1 });
    const rest = await seller.client.get('/sellers/figures');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ orders_awaiting_payment: 1, orders_to_deliver: 1, unread_messages: 2, listings_active: 2, listings_off: 1 });
    // The buyer's own figures as a seller are theirs alone: none of the seller's orders or listings.
    expect(await figures(buyer)).toEqual({ ordersAwaitingPayment: 0, ordersToDeliver: 0, unreadMessages: 0, listingsActive: 0, listingsOff: 0 });

    // Acting moves the figures: delivery confirmed, the unpaid order declined, the conversation read, a listing deleted.
    expect((await seller.client.post('/sellers/orders/confirm-delivery', { order_id: paid })).status).toBe(200);
    expect((await seller.client.post('/sellers/orders/decline', { order_id: unpaid })).status).toBe(200);
    const conversation = (await seller.client.get(`/chat/${buyer.user.uid}/messages`)).body as { messages: Array<{ position: string }> };
    const last = conversation.messages[conversation.messages.length - 1];
    expect((await seller.client.post(`/chat/${buyer.user.uid}/read`, { position: last.position })).status).toBe(200);
    expect((await seller.client.delete(`/seller/products/${old.product_id}`)).status).toBe(200);
    expect(await figures(seller)).toEqual({ ordersAwaitingPayment: 0, ordersToDeliver: 0, unreadMessages: 0, listingsActive: 2, listingsOff: 0 });
  });

  it('needs a login', async () => {
    const visitor = new ApiClient(app.url);
    expectGqlError(await visitor.gql(FIGURES), 'UNAUTHENTICATED');
    expect((await visitor.get('/sellers/figures')).status).toBe(401);
  });
});
