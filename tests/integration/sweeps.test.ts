import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCredentials } from '../support/accounts.js';
import { ApiClient, waitFor } from '../support/client.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Redis loses its jobs (a restart without persistence, a flush: docs/operations.md#redis); the work
 * they stood for is found again by the workers' sweeps of PostgreSQL (SWEEP_SECONDS, 1 s here): unpaid
 * orders expire when their window closes and give their stock back, a code awaiting delivery is sent,
 * and the search index is still reconciled. The loss is simulated by obliterating every queue.
 */

let app: TestApp;
let seller: Seller;
beforeAll(async () => {
  app = await startTestApp({ SWEEP_SECONDS: '1', SEARCH_RECONCILE_SECONDS: '2' });
  seller = await createSeller(app);
});
afterAll(() => app?.close());

/** Every queue's jobs gone, as after a Redis restart without persistence. */
async function loseTheJobs(): Promise<void> {
  for (const name of app.infra.queues.registeredQueues()) await app.infra.queues.queue(name).obliterate({ force: true });
}

const stockOf = async (productId: string) => (await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [productId]))[0].max_quantity;

describe('sweeps after Redis lost its jobs', () => {
  it('expires every unpaid order whose payment-window job is gone, and gives its stock back', async () => {
    const p = await createProduct(seller.client, { price: '120.00', quantity: { min_quantity: 1, max_quantity: 100 } });
    const buyers = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const unpaid: string[] = [];
    for (const buyer of buyers) {
      for (let i = 0; i < 10; i++) {
        const res = await buyer.client.post('/products/buy-now', { product_id: p.product_id, quantity: 2 });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        unpaid.push(res.body.order_id as string);
      }
    }
    const paid = unpaid.pop()!;
    expect((await buyers[2].client.post('/orders/confirm', { order_id: paid })).status).toBe(200);
    await app.drain();
    const expiry = app.infra.queues.queue('order-expiry');
    // Each unpaid order has its payment-window job (the paid one may not: it was paid before its job was made).
    for (const id of unpaid) expect(await (await expiry.getJob(`expire-${id}`))?.getState(), id).toBe('delayed');
    await loseTheJobs();
    expect(await expiry.getDelayedCount()).toBe(0);
    expect(await stockOf(p.product_id)).toBe(40);

    // The windows close (48 hours on the app's clock): the sweep finds the 29 unpaid orders in the database.
    app.clock.advance(48 * 3600 * 1000 + 1000);
    await waitFor(
      async () => Number((await app.sql<{ n: string }>(`select count(*) as n from orders where id = any($1) and status = 'cancelled' and cancelled_by = 'expiry'`, [unpaid]))[0].n) === 29,
      15_000,
      'the sweep to expire the unpaid orders',
    );
    expect(await stockOf(p.product_id)).toBe(98);
    expect((await app.sql<{ status: string }>('select status from orders where id = $1', [paid]))[0].status).toBe('payment_sent');
    // Their events went out as any expiry's do: the buyer's list says cancelled.
    const list = await buyers[0].client.get('/orders/list');
    expect(list.body.orders.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
  });

  it('sends a code awaiting delivery whose job is gone, once', async () => {
    // The code's event is relayed and its job then lost: written with the relay stopped, marked relayed by hand.
    await app.infra.relay.stop();
    const creds = newCredentials();
    try {
      expect((await new ApiClient(app.url).post('/auth/register', creds)).status).toBe(201);
      await app.sql(`update outbox_events set dispatched_at = now() where dispatched_at is null`);
    } finally {
      await app.infra.relay.start();
    }
    const code = () => app.sql<{ delivered_at: Date | null }>(`select o.delivered_at from otp_codes o join users u on u.id = o.user_id where u.email = lower($1)`, [creds.email]);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await code())[0].delivered_at, 'not sent within its first minute (its job could still come)').toBeNull();
    app.clock.advance(61_000);
    await waitFor(async () => (await code())[0].delivered_at !== null, 10_000, 'the sweep to deliver the code');
    const sent = await app.sql(`select 1 from dev_outbox_messages where recipient = lower($1)`, [creds.email]);
    expect(sent).toHaveLength(1);
  });

  it('keeps reconciling the search index every SEARCH_RECONCILE_SECONDS without its BullMQ schedule', async () => {
    const p = await createProduct(seller.client, { title: 'Sweep-proof teak almirah' });
    await app.drain();
    await loseTheJobs();
    await app.sql('delete from search_documents where product_id = $1', [p.product_id]);
    await waitFor(async () => (await app.sql('select 1 from search_documents where product_id = $1', [p.product_id])).length === 1, 15_000, 'a reconcile pass to restore the document');
  });
});
