import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { collect, waitFor, type ApiClient } from '../support/client.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * The send path's rules that its single-statement insert must keep (docs/product.md#chat): every
 * live event carries exact unread counts even when both participants send at once, a retried send
 * is answered from the first read.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ CHAT_MESSAGES_PER_MINUTE: '500' });
});
afterAll(() => app?.close());

interface ChatEvent {
  type: string;
  position: string;
  unreadCount: number;
  unreadTotal: number;
  message: { id: string; mine: boolean; position: string } | null;
}

const EVENTS = 'subscription { chatEvents { type position unreadCount unreadTotal message { id mine position } } }';
const send = (from: Seller, to: Seller, content: string, extra: Record<string, unknown> = {}) => from.client.post(`/chat/${to.user.uid}/messages`, { content, ...extra });

/** How many Redis subscribers listen on a user's chat channel. */
async function listening(userId: string): Promise<boolean> {
  const [, n] = (await app.infra.redis.cmd.pubsub('NUMSUB', `${app.config.REDIS_PREFIX}:chat:${userId}`)) as [string, number];
  return Number(n) > 0;
}

async function watch(client: ApiClient, userId: string) {
  const ws = client.ws();
  const sub = collect<{ data?: { chatEvents: ChatEvent } | null }>(ws, EVENTS);
  await waitFor(() => listening(userId), 5000, 'the chat subscription to start');
  const events = () => sub.events.map((e) => e.data?.chatEvents).filter((e): e is ChatEvent => !!e);
  return { ws, events };
}

describe('sending', () => {
  it('carries exact unread counts in every live event while both participants send at once', async () => {
    const [a, b] = await Promise.all([createSeller(app), createSeller(app)]);
    const [wa, wb] = await Promise.all([watch(a.client, a.user.uid), watch(b.client, b.user.uid)]);
    const N = 20;
    const sent = await Promise.all(Array.from({ length: N }, (_, i) => [send(a, b, `a ${i}`), send(b, a, `b ${i}`)]).flat());
    for (const r of sent) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const positionsBy = (s: Seller) => sent.filter((r) => r.body.message.sender_id === s.user.uid).map((r) => BigInt(r.body.message.position));
    const fromA = positionsBy(a);
    const fromB = positionsBy(b);
    for (const [w, other] of [
      [wa, fromB],
      [wb, fromA],
    ] as const) {
      await waitFor(async () => w.events().filter((e) => e.type === 'message').length === 2 * N, 10_000, 'every message event');
      for (const e of w.events()) {
        // Nobody read anything: a participant's unread count at a position is the other's messages up to it.
        const expected = other.filter((p) => p <= BigInt(e.position)).length;
        expect({ position: e.position, unread: e.unreadCount, total: e.unreadTotal }).toEqual({ position: e.position, unread: expected, total: expected });
      }
    }
    await Promise.all([wa.ws.dispose(), wb.ws.dispose()]);
    const convs = await b.client.get('/chat/conversations');
    expect(convs.body.conversations[0].unread_count).toBe(N);
  });

  it('answers a retried send with the first message, and refuses a deleted recipient', async () => {
    const [a, b] = await Promise.all([createSeller(app), createSeller(app)]);
    const first = await send(a, b, 'Once', { client_message_id: 'retry-1' });
    expect(first.status).toBe(201);
    const again = await send(a, b, 'Once more', { client_message_id: 'retry-1' });
    expect(again.status).toBe(201);
    expect(again.body.message).toMatchObject({ message_id: first.body.message.message_id, content: 'Once', mine: true });
    await app.sql('update users set deleted_at = now() where id = $1', [b.user.uid]);
    const afterDelete = await send(a, b, 'Once', { client_message_id: 'retry-2' });
    expect(afterDelete.status).toBe(404);
    expect((await app.sql('select 1 from chat_messages where sender_id = $1', [a.user.uid])).length).toBe(1);
  });
});

describe('live route', () => {
  it('publishes nothing of an event written before events carried what they show, and the next message as usual', async () => {
    const [a, b] = await Promise.all([createSeller(app), createSeller(app)]);
    const first = await send(a, b, 'Before the watch');
    expect(first.status).toBe(201);
    const wb = await watch(b.client, b.user.uid);
    const m = first.body.message;
    const [users] = await app.sql<{ user_a: string; user_b: string }>('select user_a, user_b from conversations where id = $1', [m.conversation_id]);
    // The payload of an event from before: no message and no unread counts.
    const old = { type: 'edited', conversationId: m.conversation_id, userA: users.user_a, userB: users.user_b, position: '99', messageId: m.message_id, actorId: a.user.uid, readPosition: null };
    await app.sql(`insert into outbox_events (id, topic, payload, created_at) values (gen_random_uuid(), 'chat.changed', $1, now())`, [JSON.stringify(old)]);
    await app.drain();
    const next = await send(a, b, 'After the old event');
    await waitFor(async () => wb.events().length > 0, 10_000, 'the next message event');
    await app.drain();
    expect(wb.events().map((e) => [e.type, e.message?.id])).toEqual([['message', next.body.message.message_id]]);
    await wb.ws.dispose();
  });
});

