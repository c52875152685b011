import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPeersSql, notBlockedSql } from '../../server/src/modules/blocks/blocks.public.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows, expectGqlError } from '../support/accounts.js';
import { ApiClient, type JsonBody } from '../support/client.js';
import { blob, createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Blocking through the public surface (docs/product.md#blocking): either side of a blocked pair is
 * refused messages, attachments, inquiries, bids, quotes, a quote's order and buy now, both ways,
 * writing nothing; their conversation stays readable but closed; unblocking opens it again. The
 * REST routes and their GraphQL twins, and the SQL other modules exclude blocked pairs with.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ CHAT_MESSAGES_PER_MINUTE: '500' });
});
afterAll(() => app?.close());

const send = (from: Seller, to: Seller, content: string) => from.client.post(`/chat/${to.user.uid}/messages`, { content });
const block = (who: Seller, whom: Seller) => who.client.post(`/users/${whom.user.uid}/block`);
const unblock = (who: Seller, whom: Seller) => who.client.delete(`/users/${whom.user.uid}/block`);
const conversationWith = async (who: Seller, peer: Seller): Promise<JsonBody> => {
  const res = await who.client.get('/chat/conversations');
  return res.body.conversations.find((c: JsonBody) => c.other_participant_id === peer.user.uid);
};
const messagesIn = (a: Seller, b: Seller) =>
  countRows(app, 'chat_messages', 'conversation_id = (select id from conversations where user_a = least($1::uuid, $2::uuid) and user_b = greatest($1::uuid, $2::uuid))', [a.user.uid, b.user.uid]);

describe('blocking and unblocking', () => {
  it('closes the conversation both ways, keeps it readable, tells only the blocker who blocked, and opens again on unblock', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    expect((await send(buyer, seller, 'Is this in stock?')).status).toBe(201);
    expect((await send(seller, buyer, 'Yes, 40 pieces')).status).toBe(201);

    const blocked = await block(seller, buyer);
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body).toEqual({ success: true, user_id: buyer.user.uid, blocked: true });
    // Blocking again changes nothing.
    expect((await block(seller, buyer)).status).toBe(200);
    expect(await countRows(app, 'user_blocks', 'blocker_id = $1', [seller.user.uid])).toBe(1);

    const before = await messagesIn(seller, buyer);
    const byBlocked = await send(buyer, seller, 'Hello?');
    expect(byBlocked.status).toBe(403);
    expect(byBlocked.body).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot contact this user' });
    const byBlocker = await send(seller, buyer, 'One more thing');
    expect(byBlocker.status).toBe(403);
    expect(byBlocker.body.message).toBe('You blocked this user. Unblock them to contact them again.');
    // In Hindi too.
    const hindi = await buyer.client.request('POST', `/chat/${seller.user.uid}/messages`, { content: 'नमस्ते' }, { 'accept-language': 'hi' });
    expect(hindi.body.message).toBe('आप इस यूज़र से संपर्क नहीं कर सकते');
    expect(await messagesIn(seller, buyer)).toBe(before);

    // Readable on both sides, closed: only the blocker is told they blocked.
    for (const [who, peer] of [
      [seller, buyer],
      [buyer, seller],
    ] as const) {
      const list = await who.client.get(`/chat/${peer.user.uid}/messages`);
      expect(list.body.messages.map((m: JsonBody) => m.content)).toEqual(['Is this in stock?', 'Yes, 40 pieces']);
    }
    expect((await conversationWith(seller, buyer)).other_participant).toMatchObject({ blocked_by_me: true, can_message: false });
    expect((await conversationWith(buyer, seller)).other_participant).toMatchObject({ blocked_by_me: false, can_message: false });
    const partner = await buyer.client.gql<JsonBody>('query($u: ID!) { chatPartner(userId: $u) { id blockedByMe canMessage } }', { u: seller.user.uid });
    expect(partner.data?.chatPartner).toEqual({ id: seller.user.uid, blockedByMe: false, canMessage: false });
    // A closed conversation carries no typing hints.
    expect((await buyer.client.post(`/chat/${seller.user.uid}/typing`)).body.sent).toBe(false);

    expect((await unblock(seller, buyer)).body).toEqual({ success: true, user_id: buyer.user.uid, blocked: false });
    expect((await unblock(seller, buyer)).status).toBe(200);
    expect((await send(buyer, seller, 'Back again')).status).toBe(201);
    expect((await send(seller, buyer, 'Welcome back')).status).toBe(201);
    expect((await conversationWith(buyer, seller)).other_participant).toMatchObject({ blocked_by_me: false, can_message: true });
  });

  it('refuses a first message, an attachment and an inquiry between a blocked pair, either way, before any conversation exists', async () => {
    const [a, b] = await Promise.all([createSeller(app), createSeller(app)]);
    const product = await createProduct(b.client, { purchase_type: 'inquire', price: null });
    expect((await block(b, a)).status).toBe(200);
    expect((await send(a, b, 'First hello')).status).toBe(403);
    const form = new FormData();
    form.append('attachment', blob(Buffer.from('hello'), 'text/plain'), 'note.txt');
    const upload = await a.client.request('POST', `/chat/${b.user.uid}/messages`, form);
    expect(upload.status).toBe(403);
    expect(upload.body.message).toBe('You cannot contact this user');
    const inquiry = await a.client.post(`/products/${product.product_id}/inquiry`, { content: 'Price for 100?' });
    expect(inquiry.status).toBe(403);
    expect(await countRows(app, 'conversations', 'user_a = least($1::uuid, $2::uuid) and user_b = greatest($1::uuid, $2::uuid)', [a.user.uid, b.user.uid])).toBe(0);
  });

  it('refuses bids, quotes, answers to bids, ordering a quote and buy now between a blocked pair, writing nothing', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const product = await createProduct(seller.client, { price: '500', quantity: { min_quantity: 1, max_quantity: 50 } });
    const bid = await buyer.client.post(`/products/${product.product_id}/bids`, { quantity: 10, unit_price_paise: 40000 });
    expect(bid.status).toBe(201);
    const quote = await seller.client.post(`/chat/${buyer.user.uid}/quotes`, { product_id: product.product_id, quantity: 5, unit_price_paise: 45000 });
    expect(quote.status).toBe(201);

    expect((await block(buyer, seller)).status).toBe(200);
    const before = await messagesIn(seller, buyer);
    const refusals = [
      await buyer.client.post(`/products/${product.product_id}/bids`, { quantity: 10, unit_price_paise: 40000 }),
      await seller.client.post(`/chat/${buyer.user.uid}/quotes`, { product_id: product.product_id, quantity: 5, unit_price_paise: 45000 }),
      await seller.client.post('/chat/bids/respond', { message_id: bid.body.message.message_id, action: 'accept' }),
      await seller.client.post('/chat/bids/respond', { message_id: bid.body.message.message_id, action: 'decline' }),
      await buyer.client.post('/chat/quotes/create-order', { message_id: quote.body.message.message_id }),
      await buyer.client.post('/products/buy-now', { product_id: product.product_id, quantity: 2 }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refusals.map((r) => r.body.message)).toEqual([
      'You blocked this user. Unblock them to contact them again.',
      'You cannot contact this user',
      'You cannot contact this user',
      'You cannot contact this user',
      'You blocked this user. Unblock them to contact them again.',
      'You blocked this user. Unblock them to contact them again.',
    ]);
    expect(await messagesIn(seller, buyer)).toBe(before);
    expect(await countRows(app, 'orders', 'buyer_id = $1', [buyer.user.uid])).toBe(0);
    expect(await countRows(app, 'chat_offers', "message_id = $1 and status = 'open'", [bid.body.message.message_id])).toBe(1);
    expect((await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [product.product_id]))[0].max_quantity).toBe(50);

    // The GraphQL twins answer the same.
    const gqlBid = await buyer.client.gql('mutation($p: ID!) { placeBid(productId: $p, quantity: 1, unitPricePaise: "100") { id } }', { p: product.product_id });
    expectGqlError(gqlBid, 'FORBIDDEN', 'You blocked this user. Unblock them to contact them again.');
    const gqlBuy = await buyer.client.gql('mutation($p: ID!) { buyNow(productId: $p, quantity: 1) { id } }', { p: product.product_id });
    expectGqlError(gqlBuy, 'FORBIDDEN', 'You blocked this user. Unblock them to contact them again.');

    expect((await unblock(buyer, seller)).status).toBe(200);
    expect((await buyer.client.post('/products/buy-now', { product_id: product.product_id, quantity: 2 })).status).toBe(201);
  });

  it('lists the blocked users, with the GraphQL twins; refuses yourself, unknown users, bad ids and visitors', async () => {
    const [me, x, y] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const first = await me.client.gql<JsonBody>('mutation($u: ID!) { blockUser(userId: $u) { userId blockedByMe } }', { u: x.user.uid });
    expect(first.data?.blockUser).toEqual({ userId: x.user.uid, blockedByMe: true });
    await app.clock.advance(1000);
    expect((await block(me, y)).status).toBe(200);
    const listed = await me.client.get('/users/blocked');
    expect(listed.body.users.map((u: JsonBody) => u.username)).toEqual([y.username, x.username]);
    const viaGql = await me.client.gql<JsonBody>('{ blockedUsers { id username blockedAt } }');
    expect(viaGql.data?.blockedUsers.map((u: JsonBody) => u.id)).toEqual([y.user.uid, x.user.uid]);
    const undone = await me.client.gql<JsonBody>('mutation($u: ID!) { unblockUser(userId: $u) { userId blockedByMe } }', { u: x.user.uid });
    expect(undone.data?.unblockUser).toEqual({ userId: x.user.uid, blockedByMe: false });
    expect((await me.client.get('/users/blocked')).body.users).toHaveLength(1);

    const self = await block(me, me);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot block yourself');
    expect((await me.client.post('/users/0190a000-0000-7000-8000-000000000000/block')).status).toBe(404);
    const bad = await me.client.post('/users/not-a-user/block');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please choose a valid user');
    const visitor = new ApiClient(app.url);
    expect((await visitor.post(`/users/${x.user.uid}/block`)).status).toBe(401);
    expect((await visitor.get('/users/blocked')).status).toBe(401);
    expect(await countRows(app, 'user_blocks', 'blocker_id = $1', [me.user.uid])).toBe(1);
  });

  it('gives other modules SQL that excludes blocked pairs either way (a matching query, say)', async () => {
    const [buyer, blockedSeller, blockingSeller, freeSeller] = await Promise.all([createSeller(app), createSeller(app), createSeller(app), createSeller(app)]);
    expect((await block(buyer, blockedSeller)).status).toBe(200);
    expect((await block(blockingSeller, buyer)).status).toBe(200);
    const sellers = [blockedSeller, blockingSeller, freeSeller].map((s) => s.user.uid);
    const byNotIn = await app.sql<{ id: string }>(`select id from users where id = any($2::uuid[]) and id not in (${blockedPeersSql('$1::uuid')})`, [buyer.user.uid, sellers]);
    expect(byNotIn.map((r) => r.id)).toEqual([freeSeller.user.uid]);
    const byPair = await app.sql<{ id: string }>(`select id from users u where id = any($2::uuid[]) and ${notBlockedSql('u.id', '$1::uuid')}`, [buyer.user.uid, sellers]);
    expect(byPair.map((r) => r.id)).toEqual([freeSeller.user.uid]);
  });
});
