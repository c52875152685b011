import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, type JsonBody } from '../support/client.js';
import { runOperatorCommand } from '../support/operators.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Reviews through the public surface (docs/product.md#reviews): one per delivered order, by its buyer,
 * within 60 days of delivery; changed for 48 hours; the seller's one answer; the list newest first with
 * the average once 3 count (kept by the jobs); an operator's removal leaves no trace in the average and
 * goes into the audit log. Every refusal writes nothing.
 */
let app: TestApp;
let seller: Seller;
let buyer: Seller;
let productId: string;

beforeAll(async () => {
  app = await startTestApp();
  [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
  productId = (await createProduct(seller.client, { title: 'Brass diya set', quantity: { min_quantity: 1, max_quantity: 500 } })).product_id;
}, 60_000);
afterAll(() => app?.close());

const buy = async (who: Seller = buyer): Promise<string> => {
  const res = await who.client.request('POST', '/products/buy-now', { product_id: productId, quantity: 1 }, { 'idempotency-key': randomUUID() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order_id as string;
};
const ok = async (p: Promise<{ status: number; body: JsonBody }>) => {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const delivered = async (who: Seller = buyer): Promise<string> => {
  const id = await buy(who);
  await ok(who.client.post('/orders/confirm', { order_id: id }));
  await ok(seller.client.post(`/sellers/orders/${id}/payment-received`, {}));
  await ok(seller.client.post('/sellers/orders/confirm-delivery', { order_id: id }));
  return id;
};
const review = (who: Seller, orderId: string, body: unknown) => who.client.post(`/orders/${orderId}/review`, body);
const reviewCount = async () => (await app.sql<{ n: number }>('select count(*)::int as n from reviews'))[0].n;
const list = async (query = ''): Promise<JsonBody> => ok(new ApiClient(app.url).get(`/sellers/${seller.username}/reviews${query}`));

describe('writing a review', () => {
  it('lets the buyer of a delivered order rate it once, with optional text; the same over GraphQL', async () => {
    const orderId = await delivered();
    const res = await review(buyer, orderId, { rating: 5, text: '  Bright and heavy, as described.  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.review).toMatchObject({ order_id: orderId, seller_id: seller.user.uid, buyer_name: buyer.username, product_title: 'Brass diya set', rating: 5, text: 'Bright and heavy, as described.', reply: null });
    expect(res.body.review.editable_until - res.body.review.created_at).toBe(48 * 3600);

    const again = await review(buyer, orderId, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'You have already reviewed this order' });
    const hindi = await buyer.client.request('POST', `/orders/${orderId}/review`, { rating: 1 }, { 'accept-language': 'hi' });
    expect(hindi.body.message).toBe('आप इस ऑर्डर का रिव्यू पहले ही लिख चुके हैं');

    const second = await delivered();
    const gql = await buyer.client.gql<JsonBody>('mutation($o: ID!, $i: ReviewInput!) { reviewOrder(orderId: $o, input: $i) { orderId rating text buyerName } }', { o: second, i: { rating: 4 } });
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.reviewOrder).toEqual({ orderId: second, rating: 4, text: null, buyerName: buyer.username });
    const mine = await buyer.client.gql<JsonBody>('query($o: ID!) { orderReview(orderId: $o) { rating } }', { o: second });
    expect(mine.data?.orderReview).toEqual({ rating: 4 });
    expect((await seller.client.gql<JsonBody>('query($o: ID!) { orderReview(orderId: $o) { rating } }', { o: second })).data?.orderReview).toBeNull();
  }, 120_000);

  it('refuses a review before delivery (409), by anyone but the buyer (403), of no order (404), and bad input (400), writing nothing', async () => {
    const before = await reviewCount();
    const unpaid = await buy();
    const notYet = await review(buyer, unpaid, { rating: 4 });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('You can review this order once it is delivered');
    const orderId = await delivered();
    const stranger = await createSeller(app);
    for (const who of [seller, stranger]) {
      const res = await review(who, orderId, { rating: 5 });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only the buyer of this order can review it' });
    }
    expect((await review(buyer, randomUUID(), { rating: 5 })).status).toBe(404);
    expect((await review(buyer, 'not-an-id', { rating: 5 })).status).toBe(400);
    for (const body of [{}, { rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: '5' }, { rating: null }, { rating: 4, text: 7 }, { rating: 4, text: 'x'.repeat(2001) }]) {
      const res = await review(buyer, orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await review(buyer, orderId, { rating: 0 })).body.message).toBe('Please choose a rating from 1 to 5 stars');
    expect((await new ApiClient(app.url).post(`/orders/${orderId}/review`, { rating: 5 })).status).toBe(401);
    expect(await reviewCount()).toBe(before);
  }, 120_000);

  it('makes one review of twenty sent at once', async () => {
    const orderId = await delivered();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => review(buyer, orderId, { rating: (i % 5) + 1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect((await app.sql<{ n: number }>('select count(*)::int as n from reviews where order_id = $1', [orderId]))[0].n).toBe(1);
  }, 120_000);
});

describe('changing and answering a review', () => {
  it('lets its author change it for 48 hours, then refuses (409); nobody else may (403)', async () => {
    const orderId = await delivered();
    const id = (await review(buyer, orderId, { rating: 2, text: 'Late' })).body.review.review_id as string;
    const changed = await ok(buyer.client.put(`/reviews/${id}`, { rating: 4, text: 'Late, but the seller made it right' }));
    expect(changed.review).toMatchObject({ rating: 4, text: 'Late, but the seller made it right', edited_at: expect.any(Number) });
    expect((await seller.client.put(`/reviews/${id}`, { rating: 5 })).status).toBe(403);
    expect((await buyer.client.put(`/reviews/${id}`, { rating: 9 })).status).toBe(400);
    app.clock.advance(48 * 3600_000 + 1000);
    const late = await buyer.client.put(`/reviews/${id}`, { rating: 1 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A review can be changed for 48 hours after it is written');
    expect((await app.sql('select rating from reviews where id = $1', [id]))[0]).toEqual({ rating: 4 });
  }, 120_000);

  it('lets the seller answer once; the buyer cannot (403), an empty answer is 400', async () => {
    const orderId = await delivered();
    const id = (await review(buyer, orderId, { rating: 3 })).body.review.review_id as string;
    expect((await buyer.client.post(`/reviews/${id}/reply`, { text: 'Me too' })).status).toBe(403);
    expect((await seller.client.post(`/reviews/${id}/reply`, { text: '   ' })).status).toBe(400);
    const answered = await ok(seller.client.post(`/reviews/${id}/reply`, { text: 'Thank you, we have faster couriers now.' }));
    expect(answered.review).toMatchObject({ reply: 'Thank you, we have faster couriers now.', replied_at: expect.any(Number) });
    const twice = await seller.client.post(`/reviews/${id}/reply`, { text: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already answered this review');
    const gql = await seller.client.gql('mutation($r: ID!) { replyToReview(reviewId: $r, text: "Again") { id } }', { r: id });
    expect(gql.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  }, 120_000);

  it('refuses a review after 60 days from delivery', async () => {
    const orderId = await delivered();
    app.clock.advance(61 * 24 * 3600_000);
    const res = await review(buyer, orderId, { rating: 5 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Reviews can be written within 60 days of delivery');
  }, 120_000);
});

describe("a seller's reviews and average", () => {
  it('lists them newest first with the average once 3 count; a removed review leaves no trace in it', async () => {
    const other = await createSeller(app);
    const shop = await createProduct(other.client, { title: 'Jute bags', quantity: { min_quantity: 1, max_quantity: 100 } });
    const buyers = await Promise.all([0, 1, 2, 3].map(() => createSeller(app)));
    const ids: string[] = [];
    const ratings = [5, 4, 4, 1];
    for (const [i, b] of buyers.entries()) {
      const res = await b.client.request('POST', '/products/buy-now', { product_id: shop.product_id, quantity: 1 }, { 'idempotency-key': randomUUID() });
      const orderId = res.body.order_id as string;
      await ok(b.client.post('/orders/confirm', { order_id: orderId }));
      await ok(other.client.post(`/sellers/orders/${orderId}/payment-received`, {}));
      await ok(other.client.post('/sellers/orders/confirm-delivery', { order_id: orderId }));
      app.clock.advance(60_000);
      ids.push((await review(b, orderId, { rating: ratings[i], text: `Review ${i}` })).body.review.review_id);
      await app.drain();
      const page = await ok(new ApiClient(app.url).get(`/sellers/${other.username}/reviews`));
      expect(page.review_count, `after ${i + 1}`).toBe(i + 1);
      expect(page.rating_average, `after ${i + 1}`).toBe(i < 2 ? null : i === 2 ? 4.3 : 3.5);
    }
    const page = await ok(new ApiClient(app.url).get(`/sellers/${other.username}/reviews?limit=2`));
    expect(page.reviews.map((r: JsonBody) => r.text)).toEqual(['Review 3', 'Review 2']);
    expect(page).toMatchObject({ total_count: 4, limit: 2, offset: 0 });
    expect((await ok(new ApiClient(app.url).get(`/sellers/${other.username}`))).seller).toMatchObject({ rating_average: 3.5, review_count: 4 });
    expect((await new ApiClient(app.url).get(`/sellers/${other.username}/reviews?limit=0`)).status).toBe(400);

    // Removal: the operators' alone (404 for anyone else), with a note; the review leaves the list and the average.
    const operator = await createSeller(app);
    expect((await runOperatorCommand(app, ['add', operator.email])).code).toBe(0);
    expect((await other.client.post(`/operator/reviews/${ids[3]}/remove`, { note: 'x' })).status).toBe(404);
    expect((await operator.client.post(`/operator/reviews/${ids[3]}/remove`, {})).status).toBe(400);
    expect(await ok(operator.client.post(`/operator/reviews/${ids[3]}/remove`, { note: 'Abusive words about the seller' }))).toEqual({ success: true });
    expect((await operator.client.post(`/operator/reviews/${ids[3]}/remove`, { note: 'again' })).status).toBe(404);
    await app.drain();
    const after = await ok(new ApiClient(app.url).get(`/sellers/${other.username}/reviews`));
    expect(after).toMatchObject({ review_count: 3, rating_average: 4.3, total_count: 3 });
    expect(after.reviews.map((r: JsonBody) => r.review_id)).not.toContain(ids[3]);
    expect(await app.sql('select reviews_counted, rating_sum from seller_figures where seller_id = $1', [other.user.uid])).toEqual([{ reviews_counted: 3, rating_sum: 13 }]);
    const log = await ok(operator.client.get('/operator/actions'));
    expect(log.actions[0]).toMatchObject({ action: 'remove_review', note: 'Abusive words about the seller', user_id: buyers[3].user.uid });
    // A removed review cannot be changed or answered.
    expect((await buyers[3].client.put(`/reviews/${ids[3]}`, { rating: 2 })).status).toBe(404);
    expect((await other.client.post(`/reviews/${ids[3]}/reply`, { text: 'Thanks' })).status).toBe(404);
  }, 180_000);

  it('answers 404 for the reviews of no seller', async () => {
    expect((await new ApiClient(app.url).get('/sellers/nobody_at_all/reviews')).status).toBe(404);
    expect((await list()).reviews.length).toBeGreaterThan(0);
  });
});
