import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../../server/src/app/server.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, collect, waitFor, type JsonBody } from '../support/client.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Live chat (docs/architecture.md#live-events, docs/product.md#chat): one `chatEvents` subscription
 * with no arguments streams every conversation of the viewer, from any api process, authorised per
 * event, with per-conversation positions for a gap-free reconnect.
 */
let a: TestApp;
let b: AppHandle;
let redis: Redis;

beforeAll(async () => {
  a = await startTestApp({ CHAT_MESSAGES_PER_MINUTE: '500' });
  // A second api process of the same deployment: same database, same Redis prefix, no worker.
  b = await startApp({ ...a.config, PORT: 0 }, { api: true, worker: false, log: pino({ level: 'silent' }) });
  redis = new Redis(a.config.REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await b?.close();
  await a?.close();
});

interface ChatEvent {
  type: string;
  conversationId: string;
  otherUserId: string;
  position: string;
  unreadCount: number;
  unreadTotal: number;
  readerId: string | null;
  readPosition: string | null;
  message: { id: string; content: string; mine: boolean; kind: string; isEdited: boolean; position: string; quote: { status: string; orderId: string | null } | null } | null;
}
interface Payload {
  data?: { chatEvents: ChatEvent } | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

const EVENTS = `subscription { chatEvents { type conversationId otherUserId position unreadCount unreadTotal readerId readPosition
  message { id content mine kind isEdited position quote { status orderId } } } }`;

function clientOf(url: string, cookie: string | null) {
  const c = new ApiClient(url);
  c.cookie = cookie;
  return c;
}

/** How many Redis subscribers listen on a user's chat channel (over every api process). */
async function listeners(userId: string): Promise<number> {
  const [, n] = (await redis.pubsub('NUMSUB', `${a.config.REDIS_PREFIX}:chat:${userId}`)) as [string, number];
  return Number(n);
}

/** Subscribes `client` to its chat events and waits until the server listens on its channel. */
async function watch(client: ApiClient, userId: string) {
  const ws = client.ws();
  const before = await listeners(userId);
  const sub = collect<Payload>(ws, EVENTS);
  await waitFor(async () => (await listeners(userId)) > before || sub.isDone(), 5000, 'the chat subscription to start');
  const events = () => sub.events.map((e) => e.data?.chatEvents).filter((e): e is ChatEvent => !!e);
  const close = async () => {
    await ws.dispose();
    await waitFor(async () => (await listeners(userId)) === 0, 5000, 'the chat subscription to end');
  };
  return { ws, sub, events, close };
}

const send = (from: ApiClient, to: Seller, content: string) => from.post(`/chat/${to.user.uid}/messages`, { content });

describe('chatEvents', () => {
  it("delivers a message to the other participant live, with unread counts, and nothing to a stranger", async () => {
    const [s, buyer, stranger] = await Promise.all([createSeller(a), createSeller(a), createSeller(a)]);
    const onSeller = await watch(s.client, s.user.uid);
    const onBuyer = await watch(buyer.client, buyer.user.uid);
    const onStranger = await watch(stranger.client, stranger.user.uid);

    const sent = await send(buyer.client, s, 'Do you have 50 chairs?');
    expect(sent.status).toBe(201);
    await waitFor(() => onSeller.events().length === 1, 5000, 'the message to reach the seller');
    expect(onSeller.events()[0]).toMatchObject({
      type: 'message',
      otherUserId: buyer.user.uid,
      unreadCount: 1,
      unreadTotal: 1,
      message: { id: sent.body.message.message_id, content: 'Do you have 50 chairs?', mine: false, kind: 'text' },
    });
    // The sender's other screens hear of it too.
    await waitFor(() => onBuyer.events().length === 1, 5000, 'the echo to the sender');
    expect(onBuyer.events()[0]).toMatchObject({ type: 'message', otherUserId: s.user.uid, unreadCount: 0, message: { mine: true } });

    // A read reaches both: the unread count falls to 0; the sender sees how far it was read.
    await s.client.post(`/chat/${buyer.user.uid}/read`, { position: sent.body.message.position });
    await waitFor(() => onSeller.events().length === 2 && onBuyer.events().length === 2, 5000, 'the read event');
    expect(onSeller.events()[1]).toMatchObject({ type: 'read', readerId: s.user.uid, readPosition: sent.body.message.position, unreadCount: 0, unreadTotal: 0, message: null });
    expect(onBuyer.events()[1]).toMatchObject({ type: 'read', readerId: s.user.uid });

    // An edit arrives as 'edited' with the new text.
    await buyer.client.put(`/chat/messages/${sent.body.message.message_id}/edit`, { content: 'Do you have 60 chairs?' });
    await waitFor(() => onSeller.events().length === 3, 5000, 'the edit');
    expect(onSeller.events()[2]).toMatchObject({ type: 'edited', message: { content: 'Do you have 60 chairs?', isEdited: true } });
    const positions = onSeller.events().map((e) => BigInt(e.position));
    expect([...positions].sort((x, y) => (x < y ? -1 : 1))).toEqual(positions);

    await a.drain();
    await new Promise((r) => setTimeout(r, 200));
    expect(onSeller.events()).toHaveLength(3);
    expect(onStranger.events()).toEqual([]);
    for (const w of [onSeller, onBuyer, onStranger]) await w.close();
  });

  it('publishes a message before its sender hears the answer: the other party hears of it no later than its author', async () => {
    const [s, buyer] = await Promise.all([createSeller(a), createSeller(a)]);
    // A bare Redis subscriber on the seller's channel: it hears each publish as soon as Redis takes it.
    const sub = new Redis(a.config.REDIS_URL);
    const heard = new Map<string, number>();
    sub.on('message', (_channel, raw: string) => {
      const id = (JSON.parse(raw) as { messageId: string }).messageId;
      heard.set(id, (heard.get(id) ?? 0) + 1);
    });
    await sub.subscribe(`${a.config.REDIS_PREFIX}:chat:${s.user.uid}`);
    try {
      const beforeAnswer: boolean[] = [];
      // Half through an api process without a worker (a deployment's api role).
      const onB = clientOf(b.url!, buyer.client.cookie);
      for (let i = 0; i < 20; i++) {
        const sent = await send(i % 2 ? onB : buyer.client, s, `Order question ${i}`);
        expect(sent.status).toBe(201);
        // The commit's notification would publish about when the answer goes out, before or after it;
        // the writing process publishes first and answers once Redis has the message. A message Redis
        // sent the subscriber before the answer may still be unread here: a PING on the subscriber's
        // connection, answered after what Redis sent it before, makes sure it is read.
        await sub.ping();
        beforeAnswer.push(heard.has(sent.body.message.message_id));
      }
      expect(beforeAnswer.filter(Boolean).length, JSON.stringify(beforeAnswer)).toBe(20);
      // Published once each, although the worker's relay hears every commit too and claims it later.
      await a.drain();
      await new Promise((r) => setTimeout(r, 200));
      expect([...heard.values()]).toEqual(Array(20).fill(1));
    } finally {
      sub.disconnect();
    }
  });

  it("tells the other participant that someone is typing (at most every 2 s), and nobody else", async () => {
    const [s, buyer, stranger] = await Promise.all([createSeller(a), createSeller(a), createSeller(a)]);
    expect((await send(buyer.client, s, 'hello')).status).toBe(201);
    const typingOf = async (who: Seller) => {
      const channel = `${a.config.REDIS_PREFIX}:chat-typing:${who.user.uid}`;
      const count = async () => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]);
      const ws = who.client.ws();
      const sub = collect<{ data?: { chatTyping: { conversationId: string; userId: string } } | null }>(ws, 'subscription { chatTyping { conversationId userId at } }');
      await waitFor(async () => (await count()) > 0 || sub.isDone(), 5000, 'the typing subscription to start');
      return { ws, hints: () => sub.events.map((e) => e.data?.chatTyping).filter(Boolean) };
    };
    const onSeller = await typingOf(s);
    const onStranger = await typingOf(stranger);

    const first = await buyer.client.post(`/chat/${s.user.uid}/typing`, {});
    expect(first.status).toBe(200);
    expect(first.body.sent).toBe(true);
    await waitFor(() => onSeller.hints().length === 1, 5000, 'the typing hint');
    const conv = (await s.client.get('/chat/conversations')).body.conversations[0] as JsonBody;
    expect(onSeller.hints()[0]).toMatchObject({ conversationId: conv.conversation_id, userId: buyer.user.uid });
    // Another keystroke within 2 s sends nothing more (GraphQL answers the same).
    expect((await buyer.client.gql('mutation($u: ID!) { chatTyping(userId: $u) }', { u: s.user.uid })).data).toEqual({ chatTyping: false });
    // No conversation, no hint: a stranger, and a visitor, are refused.
    expect((await stranger.client.post(`/chat/${s.user.uid}/typing`, {})).status).toBe(404);
    expect((await new ApiClient(a.url).post(`/chat/${s.user.uid}/typing`, {})).status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(onSeller.hints()).toHaveLength(1);
    expect(onStranger.hints()).toEqual([]);
    await onSeller.ws.dispose();
    await onStranger.ws.dispose();
  });

  it('reaches a subscriber on another api process, and the quote turning into an order on both sides', async () => {
    const [s, buyer] = await Promise.all([createSeller(a), createSeller(a)]);
    const p = await createProduct(s.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const onSellerB = await watch(clientOf(b.url!, s.client.cookie), s.user.uid);
    const onBuyer = await watch(buyer.client, buyer.user.uid);
    await send(clientOf(b.url!, buyer.client.cookie), s, 'Best price for 2?');
    await waitFor(() => onSellerB.events().length === 1, 5000, 'the message on the other process');

    const q = await s.client.post(`/chat/${buyer.user.uid}/quotes`, { product_id: p.product_id, quantity: 2, unit_price_paise: '99900' });
    await waitFor(() => onBuyer.events().some((e) => e.message?.id === q.body.message.message_id), 5000, 'the quote');
    const ordered = await buyer.client.post('/chat/quotes/create-order', { message_id: q.body.message.message_id });
    expect(ordered.status).toBe(201);
    const isOrdered = (e: ChatEvent) => e.type === 'quote_ordered' && e.message?.quote?.status === 'ordered' && e.message.quote.orderId === ordered.body.order_id;
    await waitFor(() => onSellerB.events().some(isOrdered) && onBuyer.events().some(isOrdered), 5000, "the quote turning 'ordered' on both sides");
    await onSellerB.close();
    await onBuyer.close();
  });

  it('after a reconnect, chatMessages(after: position) returns exactly what was missed', async () => {
    const [s, buyer] = await Promise.all([createSeller(a), createSeller(a)]);
    const first = await watch(s.client, s.user.uid);
    const m1 = (await send(buyer.client, s, 'one')).body.message;
    await waitFor(() => first.events().length === 1, 5000, 'the first message');
    const seen = first.events()[0].position;
    await first.close();

    // While the seller is away: two new messages, and the first one edited.
    await send(buyer.client, s, 'two');
    await send(buyer.client, s, 'three');
    await buyer.client.put(`/chat/messages/${m1.message_id}/edit`, { content: 'one (edited)' });

    const missed = await s.client.gql<{ chatMessages: { items: Array<{ content: string; isEdited: boolean }> } }>(
      'query($u: ID!, $after: String) { chatMessages(userId: $u, after: $after) { items { content isEdited } hasMore } }',
      { u: buyer.user.uid, after: seen },
    );
    expect(missed.errors).toBeUndefined();
    expect(missed.data!.chatMessages.items.map((m) => m.content)).toEqual(['one (edited)', 'two', 'three']);
    const conv = (await s.client.get('/chat/conversations')).body.conversations[0] as JsonBody;
    expect(conv.unread_count).toBe(3);
    expect((await s.client.get(`/chat/${buyer.user.uid}/messages?after=${conv.position}`)).body.messages).toEqual([]);
  });

  it('refuses a subscriber without a session, stops one whose session ended, and one whose account was deleted', async () => {
    const anonymous = collect<Payload>(new ApiClient(a.url).ws(), EVENTS);
    await waitFor(() => anonymous.isDone(), 5000, 'the refusal');
    expect(JSON.stringify([anonymous.events, anonymous.errors])).toContain('UNAUTHENTICATED');

    const [s, buyer, gone] = await Promise.all([createSeller(a), createSeller(a), createSeller(a)]);
    const watched = await watch(s.client, s.user.uid);
    await send(buyer.client, s, 'first');
    await waitFor(() => watched.events().length === 1, 5000, 'the first message');
    const sid = decodeURIComponent(s.client.cookie!.split('=')[1]);
    await a.services.sessions.destroy(sid);
    await send(buyer.client, s, 'second');
    await a.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(watched.events()).toHaveLength(1);
    await watched.close();

    // A deleted account receives nothing more: deleting it (from another device) ends every session,
    // which the socket still open finds at its next event.
    const onGone = await watch(gone.client, gone.user.uid);
    await send(buyer.client, gone, 'hello?');
    await waitFor(() => onGone.events().length === 1, 5000, 'the first message');
    const otherDevice = new ApiClient(a.url);
    expect((await otherDevice.post('/auth/login', { username: gone.username, password: gone.password })).status).toBe(200);
    expect((await otherDevice.post('/auth/delete-account', { password: gone.password })).status).toBe(200);
    await buyer.client.put(`/chat/messages/${(await buyer.client.get(`/chat/${gone.user.uid}/messages`)).body.messages[0].message_id}/edit`, { content: 'hello again?' });
    await a.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(onGone.events()).toHaveLength(1);
    await onGone.ws.dispose();
  });

});
