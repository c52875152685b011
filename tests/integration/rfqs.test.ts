import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows, expectGqlError } from '../support/accounts.js';
import { ApiClient, collect, waitFor, type JsonBody } from '../support/client.js';
import { makeImage } from '../factories/images.js';
import { blob, createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Buy requirements through the public surface (docs/product.md#buy-requirements): posting with its
 * limits, matching as it is posted (category, place, cap, blocked pairs; a job tops up after a decline), quotes as
 * chat quote cards with their history, the comparison, acceptance through the quote -> order path
 * (one order per requirement, also when two quotes are accepted at once), expiry by the clock, live
 * events per party, and every refusal in English and Hindi. Each test uses a category of its own, so
 * the matching of one never sees another's sellers.
 */
let app: TestApp;
let redis: Redis;

beforeAll(async () => {
  app = await startTestApp({ RFQ_MATCH_CAP: '3', CHAT_MESSAGES_PER_MINUTE: '500' });
  redis = new Redis(app.config.REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await app?.close();
});

const DAY = 24 * 3600 * 1000;

/** A seller with one listing in `category` (enabled, stock 500) in a city and state. */
async function sellerWith(category: string, title: string, city: string | null, state: string | null = null, tags: string[] = []): Promise<Seller & { productId: string }> {
  const s = await createSeller(app);
  const p = await createProduct(s.client, { title, category, tags, location: { city, state }, quantity: { min_quantity: 1, max_quantity: 500 }, price: '5000' });
  return { ...s, productId: p.product_id };
}

const post = (who: Seller, body: Record<string, unknown>, headers: Record<string, string> = {}) => who.client.request('POST', '/rfqs', body, headers);
const inbox = async (who: Seller) => (await who.client.get('/sellers/rfqs')).body.rfqs as JsonBody[];
const quote = (who: Seller, rfqId: string, body: Record<string, unknown> = {}) =>
  who.client.post(`/rfqs/${rfqId}/quotes`, { unit_price_paise: '450000', quantity: 200, delivery_days: 7, valid_hours: 48, ...body });
const accept = (who: Seller, rfqId: string, quoteId: string, key?: string) =>
  who.client.request('POST', `/rfqs/${rfqId}/quotes/${quoteId}/accept`, {}, key ? { 'idempotency-key': key } : {});

/** Posts a requirement (matched with sellers in the post itself: no job runs); answers it as the buyer sees it. */
async function posted(buyer: Seller, body: Record<string, unknown>): Promise<JsonBody> {
  const res = await post(buyer, { quantity: 200, unit: 'piece', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.rfq;
}

/** How many Redis subscribers listen on a user's requirement channel. */
async function listeners(userId: string): Promise<number> {
  const [, n] = (await redis.pubsub('NUMSUB', `${app.config.REDIS_PREFIX}:rfqs:${userId}`)) as [string, number];
  return Number(n);
}

interface RfqEventPayload {
  data?: { rfqEvents: { type: string; position: string; rfq: { id: string; status: string; quoteCount: number; mine: boolean; buyerId: string | null } } } | null;
}

/** Subscribes to the user's requirement events and waits until the server listens. */
async function watch(who: Seller) {
  const ws = who.client.ws();
  const before = await listeners(who.user.uid);
  const sub = collect<RfqEventPayload>(ws, 'subscription { rfqEvents { type position rfq { id status quoteCount mine buyerId } } }');
  await waitFor(async () => (await listeners(who.user.uid)) > before || sub.isDone(), 5000, 'the requirement subscription to start');
  return { events: () => sub.events.map((e) => e.data?.rfqEvents).filter((e) => !!e), close: () => ws.dispose() };
}

describe('posting and matching', () => {
  it('matches sellers of the category, nearest and best worded first, up to the cap; never the buyer, blocked pairs or another category; tops up after a decline', async () => {
    const buyer = await createSeller(app);
    const [pune, puneTwo, maharashtra, far, farther] = await Promise.all([
      sellerWith('Furniture', 'Steel almirah, 4 door', 'Pune'),
      sellerWith('Furniture', 'Godrej style steel almirah', 'Pune'),
      sellerWith('Furniture', 'Steel almirah cupboard', 'Nashik', 'Maharashtra'),
      sellerWith('Furniture', 'Steel almirah', 'Chennai'),
      sellerWith('Furniture', 'Wooden bed', 'Delhi'),
    ]);
    const otherCategory = await sellerWith('Kitchen', 'Steel almirah for kitchen', 'Pune');
    const blockedByBuyer = await sellerWith('Furniture', 'Steel almirah premium', 'Pune');
    const blockedTheBuyer = await sellerWith('Furniture', 'Steel almirah best', 'Pune');
    expect((await buyer.client.post(`/users/${blockedByBuyer.user.uid}/block`)).status).toBe(200);
    expect((await blockedTheBuyer.client.post(`/users/${buyer.user.uid}/block`)).status).toBe(200);
    // The buyer's own listing in the category.
    await createProduct(buyer.client, { title: 'Steel almirah', category: 'Furniture', location: { city: 'Pune', state: null } });

    const rfq = await posted(buyer, { text: '200 steel almirahs in Pune under 5000 each', category: 'Furniture', city: 'Pune', state: 'Maharashtra', max_unit_price_paise: '500000' });
    expect(rfq).toMatchObject({ status: 'open', mine: true, quantity: 200, unit: 'piece', category: 'Furniture', city: 'Pune', max_unit_price_paise: '500000', buyer_id: buyer.user.uid });
    expect(rfq.goods_words).toEqual(expect.arrayContaining(['almirah']));
    expect(rfq.expires_at - rfq.created_at).toBe(3 * 24 * 3600);
    // Matched by the post's answer, before any job.
    expect(rfq.matched_count).toBe(3);

    const matched = await app.sql<{ seller_id: string }>('select seller_id from rfq_matches where rfq_id = $1 order by score desc, seller_id', [rfq.id]);
    // The cap is 3 here: both Pune sellers, then the one in the same state.
    expect(new Set(matched.map((m) => m.seller_id))).toEqual(new Set([pune.user.uid, puneTwo.user.uid, maharashtra.user.uid]));
    for (const s of [pune, puneTwo, maharashtra]) {
      const items = await inbox(s);
      expect(items.map((r) => r.id)).toEqual([rfq.id]);
      // The seller does not see who the buyer is before an accepted quote.
      expect(items[0]).toMatchObject({ mine: false, buyer_id: null, buyer_username: null, quotes: null, match: { answer: null, product_id: s.productId } });
    }
    for (const s of [far, farther, otherCategory, blockedByBuyer, blockedTheBuyer]) {
      expect(await inbox(s)).toEqual([]);
      expect((await s.client.get(`/rfqs/${rfq.id}`)).status).toBe(404);
    }

    // A decline tops the matches up with the next best seller (Chennai has the words; the bed does not).
    const declined = await pune.client.post(`/rfqs/${rfq.id}/decline`, { reason: 'cannot_deliver_there' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.rfq.match).toMatchObject({ answer: 'declined', decline_reason: 'cannot_deliver_there' });
    await app.drain();
    expect((await inbox(far)).map((r) => r.id)).toEqual([rfq.id]);
    expect(await inbox(farther)).toEqual([]);
    expect((await buyer.client.get(`/rfqs/${rfq.id}`)).body.rfq.matched_count).toBe(3);
    // The decliner keeps seeing it as declined and may not quote it.
    const late = await quote(pune, rfq.id);
    expect([late.status, late.body.message]).toEqual([409, 'You declined this requirement']);
  });

  it('fills a draft from the words with the search understanding', async () => {
    const buyer = await createSeller(app);
    const res = await buyer.client.post('/rfqs/draft', { text: '200 steel almirah in Pune under 5000 rupees' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.draft).toMatchObject({ quantity: 200, city: 'Pune', state: null, max_unit_price_paise: '500000', category: 'Furniture' });
    const hi = await buyer.client.gql('query { rfqDraft(text: "महाराष्ट्र में 50 किलो चावल") { quantity unit state city } }');
    expect(hi.errors).toBeUndefined();
    expect((hi.data as JsonBody).rfqDraft).toMatchObject({ unit: 'kg', state: 'Maharashtra', city: null });
  });
});

describe('quotes, comparison and acceptance', () => {
  it('puts a quote in the chat as a quote card, replaces it with a second one (history kept), compares, accepts into one order and tells the other sellers', async () => {
    const buyer = await createSeller(app);
    const [a, b, unmatched] = await Promise.all([sellerWith('Bags', 'Jute shopping bag', 'Surat'), sellerWith('Bags', 'Jute bag printed', 'Surat'), sellerWith('Shoes', 'Jute slippers', 'Surat')]);
    const onB = await watch(b);
    const onBuyer = await watch(buyer);
    const rfq = await posted(buyer, { text: '500 jute bags', category: 'Bags', quantity: 500, city: 'Surat' });
    await waitFor(() => onB.events().some((e) => e.type === 'matched' && e.rfq.id === rfq.id && !e.rfq.mine), 5000, "seller b's new match");

    const first = await quote(a, rfq.id, { unit_price_paise: '4000', quantity: 500, delivery_days: 5 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await quote(a, rfq.id, { unit_price_paise: '3800', quantity: 500, delivery_days: 6, note: 'Printed with your logo' });
    expect(second.status).toBe(201);
    expect(second.body.quote).toMatchObject({ unit_price_paise: '3800', total_paise: '1900000', delivery_days: 6, status: 'open', product_id: a.productId, seller_id: a.user.uid });
    expect(await countRows(app, 'rfq_quotes', 'rfq_id = $1 and seller_id = $2', [rfq.id, a.user.uid])).toBe(2);
    expect(await countRows(app, 'rfq_quotes', 'rfq_id = $1 and seller_id = $2 and superseded_at is null', [rfq.id, a.user.uid])).toBe(1);
    const qb = await quote(b, rfq.id, { unit_price_paise: '3500', quantity: 500, delivery_days: 10 });
    expect(qb.status).toBe(201);
    await waitFor(() => onBuyer.events().filter((e) => e.type === 'quoted' && e.rfq.id === rfq.id).length >= 3, 5000, "the buyer's new quotes");

    // The quote is a quote card in the chat with the buyer.
    const chat = await buyer.client.get(`/chat/${a.user.uid}/messages`);
    expect(chat.body.messages.map((m: JsonBody) => m.kind)).toEqual(['quote', 'quote']);
    expect(chat.body.messages[1]).toMatchObject({ content: 'Printed with your logo', quote: { quantity: 500, unit_price_paise: '3800', status: 'open' } });

    // The comparison: cheapest total first; the buyer only.
    const quotes = await buyer.client.get(`/rfqs/${rfq.id}/quotes`);
    expect(quotes.status).toBe(200);
    expect(quotes.body.quotes.map((q: JsonBody) => [q.seller_id, q.total_paise, q.delivery_days])).toEqual([
      [b.user.uid, '1750000', 10],
      [a.user.uid, '1900000', 6],
    ]);
    expect(quotes.body.quotes[0]).toMatchObject({ seller_username: b.username, seller_city: 'Surat', seller_email_verified: true });
    expect([(await a.client.get(`/rfqs/${rfq.id}/quotes`)).status, (await unmatched.client.get(`/rfqs/${rfq.id}/quotes`)).status]).toEqual([403, 404]);
    const gql = await buyer.client.gql('query($id: ID!) { rfqQuotes(id: $id) { sellerId totalPaise } }', { id: rfq.id });
    expect((gql.data as JsonBody).rfqQuotes.map((q: JsonBody) => q.totalPaise)).toEqual(['1750000', '1900000']);
    // A seller who was not matched cannot quote or decline it.
    expect((await quote(unmatched, rfq.id)).status).toBe(404);
    expect((await unmatched.client.post(`/rfqs/${rfq.id}/decline`, { reason: 'not_my_goods' })).status).toBe(404);
    // The replaced quote cannot be accepted.
    const replaced = await accept(buyer, rfq.id, first.body.quote.id);
    expect([replaced.status, replaced.body.message]).toEqual([409, 'The seller replaced this quote with a newer one']);

    const key = randomUUID();
    const placed = await accept(buyer, rfq.id, qb.body.quote.id, key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ quantity: 500, price_paise: '3500', total_paise: '1750000', role: 'buyer', seller_id: b.user.uid, status: 'unpaid' });
    const [{ max_quantity }] = await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [b.productId]);
    expect(max_quantity).toBe(0);
    // A retry with the key answers the same order; the order is on both sides.
    expect((await accept(buyer, rfq.id, qb.body.quote.id, key)).body.order_id).toBe(placed.body.order_id);
    expect((await b.client.get('/sellers/orders/list')).body.orders.map((o: JsonBody) => o.order_id)).toEqual([placed.body.order_id]);

    const mine = (await buyer.client.get('/rfqs/mine')).body.rfqs;
    expect(mine[0]).toMatchObject({ id: rfq.id, status: 'fulfilled', order_id: placed.body.order_id, accepted_quote_id: qb.body.quote.id });
    // The winner now sees the buyer; the other seller is told it was fulfilled, without the buyer.
    expect((await b.client.get(`/rfqs/${rfq.id}`)).body.rfq).toMatchObject({ status: 'fulfilled', buyer_id: buyer.user.uid, match: { my_quote: { status: 'accepted' } } });
    const onA = (await a.client.get(`/rfqs/${rfq.id}`)).body.rfq;
    expect(onA).toMatchObject({ status: 'fulfilled', buyer_id: null, match: { my_quote: { status: 'closed' } } });
    await waitFor(() => onB.events().some((e) => e.type === 'fulfilled' && e.rfq.buyerId === buyer.user.uid), 5000, 'the fulfilment, live');
    // Nothing more is taken.
    const again = await accept(buyer, rfq.id, second.body.quote.id);
    expect([again.status, again.body.message]).toEqual([409, 'This requirement has already been fulfilled']);
    expect((await quote(a, rfq.id)).status).toBe(409);
    await Promise.all([onB.close(), onBuyer.close()]);
  });

  it("orders a requirement's quote card from the chat as from the comparison: the requirement is fulfilled; a replaced card or a closed requirement's card orders nothing", async () => {
    const buyer = await createSeller(app);
    const [a, b] = await Promise.all([sellerWith('OfficeSupplies', 'Steel ruler 30 cm', 'Nagpur'), sellerWith('OfficeSupplies', 'Ruler steel 12 inch', 'Nagpur')]);
    const rfq = await posted(buyer, { text: 'steel rulers', category: 'OfficeSupplies', quantity: 40 });
    const cards = async (seller: Seller) => (await buyer.client.get(`/chat/${seller.user.uid}/messages`)).body.messages as JsonBody[];
    const orderCard = (messageId: string, lang = 'en') => buyer.client.request('POST', '/chat/quotes/create-order', { message_id: messageId }, { 'accept-language': lang });

    // A replaced quote's card ends at once: shown expired, not orderable from the chat.
    expect((await quote(a, rfq.id, { quantity: 40, unit_price_paise: '9000' })).status).toBe(201);
    expect((await quote(a, rfq.id, { quantity: 40, unit_price_paise: '8500' })).status).toBe(201);
    const [oldCard, newCard] = await cards(a);
    expect([oldCard.quote.status, newCard.quote.status]).toEqual(['expired', 'open']);
    const stale = await orderCard(oldCard.message_id);
    expect([stale.status, stale.body.message]).toEqual([409, 'This quote has expired']);
    expect(await countRows(app, 'orders', 'buyer_id = $1', [buyer.user.uid])).toBe(0);

    // The current card, ordered in the chat, fulfils the requirement; the other seller's card ends.
    expect((await quote(b, rfq.id, { quantity: 40, unit_price_paise: '8000' })).status).toBe(201);
    const placed = await orderCard(newCard.message_id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const mine = (await buyer.client.get(`/rfqs/${rfq.id}`)).body.rfq;
    expect(mine).toMatchObject({ status: 'fulfilled', order_id: placed.body.order_id });
    const [bCard] = await cards(b);
    expect(bCard.quote.status).toBe('expired');
    expect((await orderCard(bCard.message_id)).status).toBe(409);
    expect((await accept(buyer, rfq.id, (await buyer.client.get(`/rfqs/${rfq.id}/quotes`)).body.quotes.find((q: JsonBody) => q.seller_id === b.user.uid).id)).status).toBe(409);
    expect(await countRows(app, 'orders', 'buyer_id = $1', [buyer.user.uid])).toBe(1);

    // A closed requirement's cards end with it.
    const next = await posted(buyer, { text: 'steel rulers again', category: 'OfficeSupplies', quantity: 40 });
    expect((await quote(b, next.id, { quantity: 40, unit_price_paise: '7900' })).status).toBe(201);
    expect((await buyer.client.post(`/rfqs/${next.id}/close`)).status).toBe(200);
    const last = (await cards(b)).at(-1)!;
    expect(last.quote.status).toBe('expired');
    const hindi = await orderCard(last.message_id, 'hi');
    expect(hindi.status).toBe(409);
    expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);
    expect(await countRows(app, 'orders', 'buyer_id = $1', [buyer.user.uid])).toBe(1);
  });

  it('makes one order when two quotes of one requirement are accepted at once', async () => {
    const buyer = await createSeller(app);
    const [a, b] = await Promise.all([sellerWith('Toys', 'Wooden toy car', 'Jaipur'), sellerWith('Toys', 'Toy car wooden', 'Jaipur')]);
    for (let round = 0; round < 3; round++) {
      const rfq = await posted(buyer, { text: 'wooden toy cars', category: 'Toys', quantity: 2 });
      const [qa, qb] = await Promise.all([quote(a, rfq.id, { quantity: 2, unit_price_paise: '10000' }), quote(b, rfq.id, { quantity: 2, unit_price_paise: '11000' })]);
      const tries = await Promise.all([accept(buyer, rfq.id, qa.body.quote.id), accept(buyer, rfq.id, qb.body.quote.id)]);
      expect(tries.map((t) => t.status).sort()).toEqual([201, 409]);
      expect(await countRows(app, 'orders', 'buyer_id = $1', [buyer.user.uid])).toBe(round + 1);
      const [{ left }] = await app.sql<{ left: string }>('select sum(max_quantity)::text as left from products where id = any($1::uuid[])', [[a.productId, b.productId]]);
      expect(Number(left)).toBe(1000 - 2 * (round + 1));
    }
  });
});

describe('expiry, closing and limits', () => {
  it('expires by the clock: no quote, decline, close or acceptance after it', async () => {
    const buyer = await createSeller(app);
    const s = await sellerWith('Books', 'School notebooks', 'Patna');
    const rfq = await posted(buyer, { text: 'school notebooks', category: 'Books', quantity: 100, expires_in_days: 1 });
    const q = await quote(s, rfq.id, { quantity: 100, unit_price_paise: '2000', valid_hours: 72 });
    expect(q.status).toBe(201);
    app.clock.advance(DAY + 60_000);
    expect((await buyer.client.get(`/rfqs/${rfq.id}`)).body.rfq.status).toBe('expired');
    expect((await s.client.get('/sellers/rfqs')).body.rfqs[0].status).toBe('expired');
    for (const res of [quote(s, rfq.id), s.client.post(`/rfqs/${rfq.id}/decline`, { reason: 'price_too_low' }), buyer.client.post(`/rfqs/${rfq.id}/close`), accept(buyer, rfq.id, q.body.quote.id)]) {
      const r = await res;
      expect([r.status, r.body.message]).toEqual([409, 'This requirement has expired']);
    }
    expect(await countRows(app, 'orders', 'buyer_id = $1', [buyer.user.uid])).toBe(0);
  });

  it('closes early for the buyer only; the matched seller is told and can no longer quote', async () => {
    const buyer = await createSeller(app);
    const s = await sellerWith('Garden', 'Garden hose pipe', 'Indore');
    const rfq = await posted(buyer, { text: 'garden hose pipe', category: 'Garden', quantity: 10 });
    expect((await s.client.post(`/rfqs/${rfq.id}/close`)).status).toBe(404);
    const closed = await buyer.client.post(`/rfqs/${rfq.id}/close`);
    expect([closed.status, closed.body.rfq.status]).toEqual([200, 'closed']);
    expect((await buyer.client.post(`/rfqs/${rfq.id}/close`)).body.rfq.status).toBe('closed');
    expect((await inbox(s))[0].status).toBe('closed');
    const late = await quote(s, rfq.id, { quantity: 10 });
    expect([late.status, late.body.message]).toEqual([409, 'This requirement is closed']);
    const hindi = await s.client.request('POST', `/rfqs/${rfq.id}/quotes`, { unit_price_paise: '100', quantity: 10, delivery_days: 1 }, { 'accept-language': 'hi' });
    expect([hindi.status, hindi.body.message]).toEqual([409, 'यह ज़रूरत बंद है']);
  });

  it('allows 5 open requirements and 10 a day, to verified buyers only, writing nothing when refused', async () => {
    const buyer = await createSeller(app);
    const body = { text: 'cotton bedsheets', category: 'HomeDecor', quantity: 20 };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(buyer, body)).body.rfq.id);
    const sixth = await post(buyer, body);
    expect([sixth.status, sixth.body.message]).toEqual([409, 'You have 5 open requirements. Close one before posting another.']);
    const sixthHi = await post(buyer, body, { 'accept-language': 'hi' });
    expect(sixthHi.body.message).toBe('आपकी 5 ज़रूरतें खुली हैं। नई पोस्ट करने से पहले एक बंद करें।');
    for (const id of ids) expect((await buyer.client.post(`/rfqs/${id}/close`)).status).toBe(200);
    // Posted at once past the limit: the buyer's row lock counts them one after another.
    const burst = await Promise.all(Array.from({ length: 8 }, () => post(buyer, body)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(5);
    expect(await countRows(app, 'rfqs', 'buyer_id = $1', [buyer.user.uid])).toBe(10);
    for (const r of burst.filter((x) => x.status === 201)) await buyer.client.post(`/rfqs/${r.body.rfq.id}/close`);
    const eleventh = await post(buyer, body);
    expect([eleventh.status, eleventh.body.code, eleventh.body.message]).toEqual([429, 'RATE_LIMITED', 'You can post at most 10 requirements a day. Please try again tomorrow.']);
    app.clock.advance(DAY + 1000);
    expect((await post(buyer, body)).status).toBe(201);

    const unverified = await createSeller(app);
    await app.sql('update users set email_verified = false where id = $1', [unverified.user.uid]);
    const refused = await post(unverified, body);
    expect([refused.status, refused.body.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    expect((await new ApiClient(app.url).post('/rfqs', body)).status).toBe(401);
    expect(await countRows(app, 'rfqs', 'buyer_id = $1', [unverified.user.uid])).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, in English and Hindi, writing nothing', async () => {
    const buyer = await createSeller(app);
    const before = { rfqs: await countRows(app, 'rfqs'), events: await countRows(app, 'outbox_events') };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ text: '', quantity: 1 }, 'text', 'Please say what you need (1 to 500 characters)'],
      [{ text: 'x'.repeat(501), quantity: 1 }, 'text', 'Please say what you need (1 to 500 characters)'],
      [{ text: 'rice', quantity: 0 }, 'quantity', 'Quantity must be a whole number from 1 to 1000000'],
      [{ text: 'rice', quantity: 1.5 }, 'quantity', 'Quantity must be a whole number from 1 to 1000000'],
      [{ text: 'rice', quantity: 5, unit: 'bucket' }, 'unit', 'Please choose a valid unit'],
      [{ text: 'rice', quantity: 5, category: 'Rockets' }, 'category', 'Please choose a valid category'],
      [{ text: 'rice', quantity: 5, max_unit_price_paise: '12.5' }, 'max_unit_price_paise', 'Please enter a valid price in paise (a whole number)'],
      [{ text: 'rice', quantity: 5, expires_in_days: 15 }, 'expires_in_days', 'A requirement is open for 1 to 14 days'],
      [{ text: 'rice', quantity: 5, expires_in_days: 0 }, 'expires_in_days', 'A requirement is open for 1 to 14 days'],
      [{ text: 'rice', quantity: 5, needed_by: '2020-01-01' }, 'needed_by', 'Needed by must be a date (YYYY-MM-DD) from today on'],
      [{ text: 'rice', quantity: 5, needed_by: '2027-02-30' }, 'needed_by', 'Needed by must be a date (YYYY-MM-DD) from today on'],
      [{ text: 'rice', quantity: 5, condition: 'broken' }, 'condition', 'Condition must be new or used'],
      [{ text: 'rice', quantity: 5, city: 'x'.repeat(61) }, 'city', 'A city or state is at most 60 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(buyer, body);
      expect(res.status, JSON.stringify([body, res.body])).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.details.fields[field]).toBe(message);
    }
    const hi = await post(buyer, { text: 'rice', quantity: 5, expires_in_days: 30 }, { 'accept-language': 'hi' });
    expect(hi.body.message).toBe('ज़रूरत 1 से 14 दिन तक खुली रह सकती है');
    expectGqlError(await buyer.client.gql('mutation { postRfq(text: "rice", quantity: 0) { id } }'), 'BAD_USER_INPUT', 'Quantity must be a whole number from 1 to 1000000');
    expect((await buyer.client.get('/rfqs/not-an-id')).status).toBe(400);
    expect((await buyer.client.get(`/rfqs/${randomUUID()}`)).status).toBe(404);
    const s = await sellerWith('Cameras', 'Action camera', 'Kochi');
    const rfq = await posted(buyer, { text: 'action camera', category: 'Cameras', quantity: 3 });
    for (const [body, message] of [
      [{ unit_price_paise: '-1', quantity: 3, delivery_days: 2 }, 'Please enter a valid price in paise (a whole number)'],
      [{ unit_price_paise: '100', quantity: 3, delivery_days: 400 }, 'Delivery days must be a whole number from 0 to 365'],
      [{ unit_price_paise: '100', quantity: 3, delivery_days: 2, valid_hours: 0 }, 'A quote is valid for 1 to 336 hours'],
    ] as const) {
      const res = await s.client.post(`/rfqs/${rfq.id}/quotes`, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const reason = await s.client.post(`/rfqs/${rfq.id}/decline`, { reason: 'busy' });
    expect([reason.status, reason.body.message]).toEqual([400, 'Please choose a reason: not my goods, cannot deliver there or price too low']);
    expect(await countRows(app, 'rfq_quotes', 'rfq_id = $1', [rfq.id])).toBe(0);
    expect(await countRows(app, 'rfqs')).toBe(before.rfqs + 1);
  });
});

describe('GraphQL twins and live events', () => {
  it('posts, lists the inbox, quotes and declines over GraphQL; the seller hears the match live, a stranger hears nothing', async () => {
    const buyer = await createSeller(app);
    const stranger = await createSeller(app);
    const [s1, s2] = await Promise.all([sellerWith('Audio', 'Bluetooth speaker', 'Lucknow'), sellerWith('Audio', 'Portable bluetooth speaker', 'Lucknow')]);
    const [on1, onStranger] = await Promise.all([watch(s1), watch(stranger)]);
    const res = await buyer.client.gql('mutation { postRfq(text: "bluetooth speakers", quantity: 40, category: "Audio", city: "Lucknow") { id status mine position } }');
    expect(res.errors).toBeUndefined();
    const id = (res.data as JsonBody).postRfq.id as string;
    await waitFor(() => on1.events().some((e) => e.type === 'matched' && e.rfq.id === id), 5000, 'the match, live');
    const page = await s2.client.gql('query { sellerRfqs { totalCount items { id expiresAt match { matchedAt answer productId } } } }');
    expect((page.data as JsonBody).sellerRfqs).toMatchObject({ totalCount: 1, items: [{ id, match: { answer: null, productId: s2.productId } }] });
    const q = await s1.client.gql('mutation($id: ID!) { quoteRfq(rfqId: $id, unitPricePaise: "99900", quantity: 40, deliveryDays: 3) { id status totalPaise } }', { id });
    expect((q.data as JsonBody).quoteRfq).toMatchObject({ status: 'open', totalPaise: '3996000' });
    const d = await s2.client.gql('mutation($id: ID!) { declineRfq(rfqId: $id, reason: "price_too_low") { match { answer declineReason } } }', { id });
    expect((d.data as JsonBody).declineRfq.match).toEqual({ answer: 'declined', declineReason: 'price_too_low' });
    const mine = await buyer.client.gql('query { myRfqs { id quoteCount quotes { sellerId } } }');
    expect((mine.data as JsonBody).myRfqs[0]).toMatchObject({ id, quoteCount: 1, quotes: [{ sellerId: s1.user.uid }] });
    // After a reconnect: everything after a position.
    const changes = await s1.client.get('/rfqs/changes?after=0');
    expect(changes.body.rfqs.map((r: JsonBody) => r.id)).toContain(id);
    expect(Number(changes.body.position)).toBeGreaterThan(0);
    await app.drain();
    expect(onStranger.events()).toEqual([]);
    await Promise.all([on1.close(), onStranger.close()]);
  });
});

describe('posting again', () => {
  it('the same client_key posted again, or five times at once, makes one requirement and answers it; a bad key is refused', async () => {
    const buyer = await createSeller(app);
    const key = randomUUID();
    const body = { text: 'jute sacks 50 kg', category: 'Other', quantity: 300, client_key: key };
    const first = await post(buyer, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await post(buyer, { ...body, text: 'a changed text is still the same posting' });
    expect([again.status, again.body.rfq.id, again.body.rfq.text]).toEqual([201, first.body.rfq.id, 'jute sacks 50 kg']);
    const other = randomUUID();
    const burst = await Promise.all(Array.from({ length: 5 }, () => post(buyer, { ...body, client_key: other })));
    expect(burst.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((r) => r.body.rfq.id)).size).toBe(1);
    // GraphQL's twin takes the same key.
    const gql = await buyer.client.gql<{ postRfq: { id: string } }>('mutation($k: String) { postRfq(text: "jute sacks 50 kg", quantity: 300, clientKey: $k) { id } }', { k: key });
    expect(gql.data?.postRfq.id).toBe(first.body.rfq.id);
    expect(await countRows(app, 'rfqs', 'buyer_id = $1', [buyer.user.uid])).toBe(2);
    const bad = await post(buyer, { ...body, client_key: 'not-a-uuid' });
    expect([bad.status, bad.body.message]).toEqual([400, 'client_key must be an id (a UUID)']);
    expect(await countRows(app, 'rfqs', 'buyer_id = $1', [buyer.user.uid])).toBe(2);
  });
});

describe('photos', () => {
  const form = (body: Record<string, unknown> | string, photos: Array<{ data: Buffer; name: string; type?: string }>) => {
    const f = new FormData();
    f.append('rfq', typeof body === 'string' ? body : JSON.stringify(body));
    for (const p of photos) f.append('photos', blob(p.data, p.type ?? 'image/jpeg'), p.name);
    return f;
  };
  /** Files under the private requirements folder of the disk storage. */
  const storedFiles = async () => (await readdir(path.join(app.config.UPLOAD_DIR, 'private', 'rfqs'), { recursive: true }).catch(() => [])).filter((f) => f.endsWith('.webp')).length;

  it('takes up to 3 photos with the requirement, re-encoded without their metadata, shown only to the buyer and the matched sellers', async () => {
    const buyer = await createSeller(app);
    const seller = await sellerWith('HomeImprovement', 'Brass door hinges', 'Jaipur');
    const stranger = await createSeller(app);
    // A phone photo carries its place in its EXIF: it must not travel.
    const located = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8e6b3e' } })
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 55/1 0/1' } })
      .jpeg()
      .toBuffer();
    const res = await buyer.client.request('POST', '/rfqs', form({ text: 'brass door hinges like these', category: 'HomeImprovement', quantity: 500, unit: 'piece' }, [
      { data: located, name: 'hinge.jpg' },
      { data: await makeImage({ format: 'png', width: 300, height: 200 }), name: 'sample.png', type: 'image/png' },
    ]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rfq = res.body.rfq;
    expect(rfq.photos).toEqual([0, 1].map((n) => ({ sm: `/rfqs/${rfq.id}/photos/${n}/preview`, lg: `/rfqs/${rfq.id}/photos/${n}` })));
    expect((await inbox(seller)).find((r) => r.id === rfq.id)?.photos).toEqual(rfq.photos);

    for (const who of [buyer, seller]) {
      for (const url of [rfq.photos[0].lg, rfq.photos[0].sm]) {
        const got = await fetch(app.url + url, { headers: { cookie: who.client.cookie! } });
        expect([got.status, got.headers.get('content-type'), got.headers.get('cache-control')]).toEqual([200, 'image/webp', 'private, max-age=3600']);
        const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
        expect([meta.format, meta.exif]).toEqual(['webp', undefined]);
      }
    }
    const small = await sharp(Buffer.from(await (await fetch(app.url + rfq.photos[0].sm, { headers: { cookie: buyer.client.cookie! } })).arrayBuffer())).metadata();
    expect(small.width).toBe(320);
    // Nobody else: a stranger, a visitor, another photo number, the storage key through the public /uploads route.
    expect((await fetch(app.url + rfq.photos[0].lg, { headers: { cookie: stranger.client.cookie! } })).status).toBe(404);
    expect((await fetch(app.url + rfq.photos[0].lg)).status).toBe(401);
    for (const n of ['2', '9', '-1', 'x']) expect((await fetch(`${app.url}/rfqs/${rfq.id}/photos/${n}`, { headers: { cookie: buyer.client.cookie! } })).status).toBe(404);
    const [{ keys }] = await app.sql<{ keys: string[] }>('select photo_keys as keys from rfqs where id = $1', [rfq.id]);
    expect(keys).toHaveLength(2);
    expect(await storedFiles()).toBeGreaterThanOrEqual(6);
    for (const key of keys) {
      expect(key).toMatch(/^private\/rfqs\//);
      expect((await fetch(`${app.url}/uploads/${key}-lg.webp`)).status).toBe(404);
    }
    // GraphQL shows the same addresses.
    const gql = await buyer.client.gql<{ rfq: { photos: Array<{ sm: string; lg: string }> } }>('query($id: ID!) { rfq(id: $id) { photos { sm lg } } }', { id: rfq.id });
    expect(gql.data?.rfq.photos).toEqual(rfq.photos);
  });

  it('refuses a fourth photo, a file that is no picture, a broken picture, bad JSON and a visitor, writing and keeping nothing', async () => {
    const buyer = await createSeller(app);
    const body = { text: 'steel door handles', category: 'HomeImprovement', quantity: 50, unit: 'piece' };
    const photo = { data: await makeImage(), name: 'a.jpg' };
    const rows = () => countRows(app, 'rfqs', 'buyer_id = $1', [buyer.user.uid]);
    const files = await storedFiles();
    const refusals: Array<[FormData, number, string, Record<string, string>?]> = [
      [form(body, [photo, photo, photo, photo]), 400, 'A requirement can have at most 3 photos'],
      [form(body, [photo, photo, photo, photo]), 400, 'ज़रूरत के साथ ज़्यादा से ज़्यादा 3 फ़ोटो लगाई जा सकती हैं', { 'accept-language': 'hi' }],
      [form(body, [{ data: Buffer.from('not a picture at all, just words'), name: 'fake.jpg' }]), 415, 'Photos must be JPEG, PNG, GIF or WebP pictures'],
      [form(body, [{ data: (await makeImage({ width: 400, height: 300 })).subarray(0, 300), name: 'cut.jpg' }]), 400, 'The image "cut.jpg" could not be read'],
      [form('{not json', [photo]), 400, 'Send the requirement as JSON in the rfq field'],
      [form({ ...body, quantity: 0 }, [photo]), 400, 'Quantity must be a whole number from 1 to 1000000'],
    ];
    for (const [f, status, message, headers] of refusals) {
      const res = await buyer.client.request('POST', '/rfqs', f, headers);
      expect([res.status, res.body.message], message).toEqual([status, expect.stringContaining(message)]);
    }
    const visitor = await new ApiClient(app.url).request('POST', '/rfqs', form(body, [photo]));
    expect([visitor.status, visitor.body.message]).toEqual([401, 'Log in to post a requirement']);
    // An unverified buyer's photos were stored before the check: they are removed again.
    const unverified = await createSeller(app);
    await app.sql('update users set email_verified = false where id = $1', [unverified.user.uid]);
    const late = await unverified.client.request('POST', '/rfqs', form(body, [photo]));
    expect(late.status).toBe(403);
    expect(await rows()).toBe(0);
    expect(await countRows(app, 'rfqs', 'buyer_id = $1', [unverified.user.uid])).toBe(0);
    expect(await storedFiles()).toBe(files);
  });
});
