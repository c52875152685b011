import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows, expectGqlError } from '../support/accounts.js';
import { ApiClient, type JsonBody } from '../support/client.js';
import { blob, createProduct, jpeg } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Chat through the public surface (docs/product.md#chat): the REST shim's calls and their GraphQL
 * twins, the refusals, ordering under concurrent senders, idempotent retries, edits and their
 * append-only history, private attachments, quotes that become orders and bids.
 */
let app: TestApp;
let seller: Seller;
let buyer: Seller;
let stranger: Seller;

beforeAll(async () => {
  app = await startTestApp({ CHAT_MESSAGES_PER_MINUTE: '200' });
  [seller, buyer, stranger] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
});
afterAll(() => app?.close());

const send = (from: Seller, to: Seller, content: unknown, extra: Record<string, unknown> = {}) => from.client.post(`/chat/${to.user.uid}/messages`, { content, ...extra });
const list = (who: Seller, peer: Seller, query = '') => who.client.get(`/chat/${peer.user.uid}/messages${query}`);
const MESSAGE_FIELDS = 'id conversationId senderId mine kind content isEdited position clientMessageId';

/** Two fresh accounts that have not talked yet. */
async function pair(): Promise<[Seller, Seller]> {
  return Promise.all([createSeller(app), createSeller(app)]);
}

describe('sending and listing', () => {
  it('sends a text message and lists it on both sides, with one conversation per pair whoever starts it', async () => {
    const [a, b] = await pair();
    const sent = await send(a, b, 'Namaste, is this available?');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.status).toBe('ok');
    expect(sent.body.message).toMatchObject({ sender_id: a.user.uid, kind: 'text', content: 'Namaste, is this available?', is_edited: false, mine: true });
    expect(Math.abs(sent.body.message.created_at - Date.now() / 1000)).toBeLessThan(60);
    const reply = await send(b, a, 'Yes, 40 pieces in stock');
    expect(reply.body.message.conversation_id).toBe(sent.body.message.conversation_id);
    expect(BigInt(reply.body.message.position)).toBeGreaterThan(BigInt(sent.body.message.position));

    const forA = await list(a, b);
    expect(forA.status).toBe(200);
    expect(forA.body.messages.map((m: JsonBody) => [m.content, m.mine])).toEqual([
      ['Namaste, is this available?', true],
      ['Yes, 40 pieces in stock', false],
    ]);
    expect(forA.body.has_more).toBe(false);

    const convs = await b.client.get('/chat/conversations');
    expect(convs.status).toBe(200);
    expect(convs.body.conversations).toHaveLength(1);
    expect(convs.body.conversations[0]).toMatchObject({
      conversation_id: sent.body.message.conversation_id,
      other_participant_id: a.user.uid,
      other_participant: { id: a.user.uid, username: a.username, whatsapp_verified: false },
      last_message_preview: 'Yes, 40 pieces in stock',
      unread_count: 1,
    });
    expect(convs.body.unread_total).toBe(1);
    expect(await countRows(app, 'conversations', 'user_a = least($1::uuid, $2::uuid) and user_b = greatest($1::uuid, $2::uuid)', [a.user.uid, b.user.uid])).toBe(1);

    // The GraphQL twins answer the same.
    const gql = await a.client.gql(`query($u: ID!) { chatMessages(userId: $u) { items { ${MESSAGE_FIELDS} } hasMore } chatConversations { id unreadCount otherUser { id username } lastMessagePreview } chatUnreadTotal }`, {
      u: b.user.uid,
    });
    expect(gql.errors).toBeUndefined();
    const data = gql.data as JsonBody;
    expect(data.chatMessages.items.map((m: JsonBody) => m.id)).toEqual(forA.body.messages.map((m: JsonBody) => m.message_id));
    expect(data.chatConversations[0]).toMatchObject({ otherUser: { id: b.user.uid, username: b.username }, unreadCount: 1 });
    expect(data.chatUnreadTotal).toBe(1);
    const viaGql = await a.client.gql(`mutation($u: ID!) { sendChatMessage(userId: $u, content: "From GraphQL") { ${MESSAGE_FIELDS} } }`, { u: b.user.uid });
    expect((viaGql.data as JsonBody).sendChatMessage).toMatchObject({ kind: 'text', content: 'From GraphQL', mine: true, senderId: a.user.uid });
  });

  it('refuses empty, whitespace-only, too long and non-text messages, yourself, unknown and deleted users, visitors; nothing is written', async () => {
    const [a, b] = await pair();
    const before = { messages: await countRows(app, 'chat_messages'), conversations: await countRows(app, 'conversations'), events: await countRows(app, 'outbox_events') };
    const cases: Array<[Promise<{ status: number; body: JsonBody }>, number, string]> = [
      [send(a, b, ''), 400, 'Message cannot be empty'],
      [send(a, b, '   \n\t '), 400, 'Message cannot be empty'],
      [send(a, b, 'x'.repeat(4001)), 400, 'Message must be at most 4000 characters'],
      [send(a, b, 42), 400, 'Message cannot be empty'],
      [send(a, b, undefined), 400, 'Message cannot be empty'],
      [send(a, a, 'hello me'), 403, 'You cannot message yourself'],
      [a.client.post(`/chat/${randomUUID()}/messages`, { content: 'hello?' }), 404, 'User not found'],
      [a.client.post('/chat/not-a-user/messages', { content: 'hello?' }), 400, 'Please choose a valid user'],
      [new ApiClient(app.url).post(`/chat/${b.user.uid}/messages`, { content: 'hi' }), 401, 'Log in to chat'],
    ];
    for (const [res, status, message] of cases) {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    // Exactly 4,000 characters (Devanagari counts as characters, not bytes) is fine.
    expect((await send(a, b, 'क'.repeat(4000))).status).toBe(201);
    expect(await countRows(app, 'chat_messages')).toBe(before.messages + 1);
    expect(await countRows(app, 'conversations')).toBe(before.conversations + 1);
    expect(await countRows(app, 'outbox_events')).toBe(before.events + 1);

    const deleted = await createSeller(app);
    await app.sql('update users set deleted_at = now() where id = $1', [deleted.user.uid]);
    const r = await send(a, deleted, 'are you there?');
    expect(r.status).toBe(404);
    expectGqlError(await a.client.gql(`mutation($u: ID!) { sendChatMessage(userId: $u, content: "  ") { id } }`, { u: b.user.uid }), 'BAD_USER_INPUT', 'Message cannot be empty');
  });

  it('keeps the order the server accepted under 50 concurrent senders, the same for both readers', async () => {
    const [a, b] = await pair();
    const sends = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? send(a, b, `a-${i}`) : send(b, a, `b-${i}`))));
    expect(sends.every((s) => s.status === 201)).toBe(true);
    const positions = sends.map((s) => BigInt(s.body.message.position));
    expect(new Set(positions.map(String)).size).toBe(50);
    const read = async (who: Seller, peer: Seller) => (await list(who, peer, '?limit=100')).body.messages.map((m: JsonBody) => [m.message_id, m.position]);
    const [forA, forB] = await Promise.all([read(a, b), read(b, a)]);
    expect(forA).toHaveLength(50);
    expect(forA).toEqual(forB);
    const sorted = [...forA].sort((x, y) => Number(BigInt(x[1]) - BigInt(y[1])));
    expect(forA).toEqual(sorted);
  });

  it('pages history upwards with before, and answers what changed after a position', async () => {
    const [a, b] = await pair();
    for (let i = 1; i <= 25; i++) await send(a, b, `m${i}`);
    const newest = await list(b, a, '?limit=10');
    expect(newest.body.messages.map((m: JsonBody) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${16 + i}`));
    expect(newest.body.has_more).toBe(true);
    const older = await list(b, a, `?limit=10&before=${newest.body.messages[0].position}`);
    expect(older.body.messages.map((m: JsonBody) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${6 + i}`));
    const oldest = await list(b, a, `?limit=10&before=${older.body.messages[0].position}`);
    expect(oldest.body.messages.map((m: JsonBody) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(oldest.body.has_more).toBe(false);

    // After a position: the newer messages and the older one edited since.
    const mark = newest.body.messages[9].position;
    await send(b, a, 'new one');
    const m3 = oldest.body.messages[2];
    expect((await a.client.put(`/chat/messages/${m3.message_id}/edit`, { content: 'm3 (fixed)' })).status).toBe(200);
    const after = await list(b, a, `?after=${mark}`);
    expect(after.body.messages.map((m: JsonBody) => m.content)).toEqual(['m3 (fixed)', 'new one']);

    for (const q of ['?limit=0', '?limit=101', '?limit=abc', '?before=-1', '?after=x', '?before=99999999999999999999']) {
      const r = await list(b, a, q);
      expect(r.status, q).toBe(400);
    }
  });

  it('stores a retried send once (the same client_message_id), also when the retries race', async () => {
    const [a, b] = await pair();
    const id = `cm-${randomUUID()}`;
    const tries = await Promise.all(Array.from({ length: 6 }, () => send(a, b, 'Only once please', { client_message_id: id })));
    expect(tries.every((t) => t.status === 201)).toBe(true);
    expect(new Set(tries.map((t) => t.body.message.message_id)).size).toBe(1);
    expect(tries[0].body.message.client_message_id).toBe(id);
    expect((await list(a, b)).body.messages).toHaveLength(1);
    // The other participant never sees the sender's own attempt id.
    expect((await list(b, a)).body.messages[0].client_message_id).toBeNull();
  });

  it('rate-limits a sender with a clear 429, and still answers a retry of a stored message', async () => {
    const limited = await startTestApp({ CHAT_MESSAGES_PER_MINUTE: '5' });
    try {
      const [a, b] = await Promise.all([createSeller(limited), createSeller(limited)]);
      const kept = await a.client.post(`/chat/${b.user.uid}/messages`, { content: 'kept', client_message_id: 'kept-1' });
      expect(kept.status).toBe(201);
      const results = [];
      for (let i = 0; i < 7; i++) results.push(await a.client.post(`/chat/${b.user.uid}/messages`, { content: `hi ${i}` }));
      // (The clock may cross a minute between sends: at least the 7th of 8 within one minute is refused.)
      const refused = results.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0].body.message).toBe('You are sending messages too fast. Please wait a moment.');
      // A retry counts against the allowance too, but over it is still answered with the message it stored.
      const retried = await a.client.post(`/chat/${b.user.uid}/messages`, { content: 'kept', client_message_id: 'kept-1' });
      expect(retried.status).toBe(201);
      expect(retried.body.message.message_id).toBe(kept.body.message.message_id);
      expect(await limited.sql('select 1 from chat_messages')).toHaveLength(8 - refused.length);
    } finally {
      await limited.close();
    }
  });
});

describe('edits', () => {
  it('lets only the author edit a text message, marks it edited and keeps every earlier version', async () => {
    const [a, b] = await pair();
    const m = (await send(a, b, 'Price is 500')).body.message;
    const e1 = await a.client.put(`/chat/messages/${m.message_id}/edit`, { content: 'Price is 450' });
    expect(e1.status).toBe(200);
    expect(e1.body).toMatchObject({ status: 'ok', message: { content: 'Price is 450', is_edited: true } });
    await a.client.put(`/chat/messages/${m.message_id}/edit`, { content: 'Price is 425' });
    const history = await b.client.get(`/chat/messages/${m.message_id}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.history.map((v: JsonBody) => [v.version, v.content])).toEqual([
      [1, 'Price is 500'],
      [2, 'Price is 450'],
      [3, 'Price is 425'],
    ]);
    const gql = await b.client.gql(`query($id: ID!) { chatMessageHistory(messageId: $id) { version content at } }`, { id: m.message_id });
    expect((gql.data as JsonBody).chatMessageHistory.map((v: JsonBody) => v.content)).toEqual(['Price is 500', 'Price is 450', 'Price is 425']);

    const other = await b.client.put(`/chat/messages/${m.message_id}/edit`, { content: 'hacked' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Only the author can edit this message');
    const outsider = await stranger.client.put(`/chat/messages/${m.message_id}/edit`, { content: 'hacked' });
    expect(outsider.status).toBe(404);
    expect((await stranger.client.get(`/chat/messages/${m.message_id}/history`)).status).toBe(404);
    expect((await a.client.put(`/chat/messages/${m.message_id}/edit`, { content: ' ' })).status).toBe(400);
    expect((await list(b, a)).body.messages[0]).toMatchObject({ content: 'Price is 425', is_edited: true });
  });

  it('keeps the history append-only in the database itself', async () => {
    const [a, b] = await pair();
    const m = (await send(a, b, 'v1')).body.message;
    await a.client.put(`/chat/messages/${m.message_id}/edit`, { content: 'v2' });
    await expect(app.sql(`update chat_message_versions set content = 'forged' where message_id = $1`, [m.message_id])).rejects.toThrow(/append-only/);
    await expect(app.sql('delete from chat_message_versions where message_id = $1', [m.message_id])).rejects.toThrow(/append-only/);
  });
});

describe('privacy', () => {
  it('shows a stranger nothing of a conversation: not its messages, not a message, not its attachment', async () => {
    const [a, b] = await pair();
    const form = new FormData();
    const pic = await jpeg('site photo.jpg');
    form.append('attachment', blob(pic.data, 'image/jpeg'), pic.name);
    const sent = await a.client.request('POST', `/chat/${b.user.uid}/messages`, form);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const m = sent.body.message;
    expect(m).toMatchObject({ kind: 'attachment', attachment: { file_name: 'site photo.webp', content_type: 'image/webp', is_image: true } });
    expect(m.attachment.url).toBe(`/chat/attachments/${m.message_id}`);

    // Both participants download it; the preview is a smaller picture.
    for (const who of [a, b]) {
      const full = await fetch(app.url + m.attachment.url, { headers: { cookie: who.client.cookie! } });
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/webp');
      expect(full.headers.get('cache-control')).toBe('private, max-age=3600');
      const preview = await fetch(app.url + m.attachment.preview_url, { headers: { cookie: who.client.cookie! } });
      expect(preview.status).toBe(200);
    }
    // Nobody else: a stranger, a visitor, or the storage key through the public /uploads route.
    expect((await fetch(app.url + m.attachment.url, { headers: { cookie: stranger.client.cookie! } })).status).toBe(404);
    expect((await fetch(app.url + m.attachment.url)).status).toBe(404);
    const [{ key }] = await app.sql<{ key: string }>(`select attachment->>'key' as key from chat_messages where id = $1`, [m.message_id]);
    expect(key).toMatch(/^private\/chat\//);
    expect((await fetch(`${app.url}/uploads/${key}-lg.webp`)).status).toBe(404);

    expect((await stranger.client.get(`/chat/${a.user.uid}/messages`)).body.messages).toEqual([]);
    const edit = await stranger.client.put(`/chat/messages/${m.message_id}/edit`, { content: 'x' });
    expect(edit.status).toBe(404);
    expect((await stranger.client.get('/chat/conversations')).body.conversations.some((c: JsonBody) => c.conversation_id === m.conversation_id)).toBe(false);
  });

  it('keeps a file name in UTF-8 as it was sent (Devanagari, accents): in the message, the conversation list and the download', async () => {
    const [a, b] = await pair();
    for (const name of ['दस्तावेज़.txt', 'résumé.txt']) {
      const form = new FormData();
      form.append('attachment', blob(Buffer.from('दर सूची\n'), 'text/plain'), name);
      const sent = await a.client.request('POST', `/chat/${b.user.uid}/messages`, form);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body.message.attachment.file_name).toBe(name);
      const [{ file_name: stored }] = await app.sql<{ file_name: string }>(`select attachment->>'fileName' as file_name from chat_messages where id = $1`, [sent.body.message.message_id]);
      expect(stored).toBe(name);
      const list = await b.client.get('/chat/conversations');
      expect(JSON.stringify(list.body)).toContain(name);
      const dl = await fetch(app.url + sent.body.message.attachment.url, { headers: { cookie: b.client.cookie! } });
      const disposition = dl.headers.get('content-disposition') ?? '';
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '')).toBe(name);
    }
  });

  it('stores a document as it is, downloadable under its name, and refuses files over the general check', async () => {
    const [a, b] = await pair();
    const form = new FormData();
    form.append('attachment', blob(Buffer.from('Rate list\nPipes 500\n'), 'text/plain'), 'rate list.txt');
    const sent = await a.client.request('POST', `/chat/${b.user.uid}/messages`, form);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message.attachment).toMatchObject({ file_name: 'rate list.txt', is_image: false, preview_url: null });
    const dl = await fetch(app.url + sent.body.message.attachment.url, { headers: { cookie: b.client.cookie! } });
    expect(await dl.text()).toBe('Rate list\nPipes 500\n');
    expect(dl.headers.get('content-disposition')).toContain('rate list.txt');

    const exe = new FormData();
    exe.append('attachment', blob(Buffer.from('MZ\x90\x00 a program', 'latin1'), 'application/pdf'), 'terms.exe');
    const refused = await a.client.request('POST', `/chat/${b.user.uid}/messages`, exe);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toMatch(/^File type ".*" is not allowed$/);

    const outsider = new FormData();
    outsider.append('content', 'hello');
    expect((await a.client.request('POST', `/chat/${a.user.uid}/messages`, outsider)).status).toBe(403);
    // A multipart body with only the text field is a text message.
    const textOnly = await a.client.request('POST', `/chat/${b.user.uid}/messages`, outsider);
    expect(textOnly.status).toBe(201);
    expect(textOnly.body.message).toMatchObject({ kind: 'text', content: 'hello' });
  });
});

describe('inquiries', () => {
  it("sends a buyer's answers to the seller as an inquiry message, N/A for a missing answer, in the buyer's language", async () => {
    const p = await createProduct(seller.client, { purchase_type: 'inquire', price: undefined });
    const res = await buyer.client.post(`/products/${p.product_id}/inquiry`, {
      answers: [
        { question: 'Do you need delivery?', answer: 'Yes' },
        { question: 'What quantity?', answer: '' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const m = res.body.message;
    expect(m.kind).toBe('inquiry');
    expect(m.content).toBe(
      [`Inquiry about: ${p.title}`, 'Q: Do you need delivery?\nA: Yes', 'Q: What quantity?\nA: N/A', 'Please share details about availability and pricing.'].join('\n\n'),
    );
    expect(m.inquiry).toEqual({ product_id: p.product_id, product_title: p.title, answers: [{ question: 'Do you need delivery?', answer: 'Yes' }, { question: 'What quantity?', answer: 'N/A' }] });
    const onSeller = (await list(seller, buyer)).body.messages;
    expect(onSeller.at(-1)).toMatchObject({ message_id: m.message_id, mine: false, kind: 'inquiry' });

    const hi = await buyer.client.gql(`mutation($p: ID!) { sendInquiry(productId: $p, answers: [{question: "रंग?", answer: "काला"}], language: "hi") { kind content inquiry { productTitle answers { question answer } } } }`, { p: p.product_id });
    expect((hi.data as JsonBody).sendInquiry.content).toContain('सवाल: रंग?\nजवाब: काला');
    const free = await buyer.client.post(`/products/${p.product_id}/inquiry`, { answers: [], content: 'Can you deliver to Indore?' });
    expect(free.body.message).toMatchObject({ kind: 'inquiry', content: 'Can you deliver to Indore?' });
    expect((await buyer.client.post(`/products/${p.product_id}/inquiry`, { answers: [] })).status).toBe(400);
    expect((await seller.client.post(`/products/${p.product_id}/inquiry`, { content: 'to myself' })).status).toBe(403);
    expect((await buyer.client.post(`/products/${randomUUID()}/inquiry`, { content: 'hello' })).status).toBe(404);
  });

  it('stores an inquiry sent again with its client message id once, answering the inquiry already made (a queued one sent from two places)', async () => {
    const [asker, maker] = await Promise.all([createSeller(app), createSeller(app)]);
    const p = await createProduct(maker.client, { purchase_type: 'inquire', price: undefined });
    const clientMessageId = randomUUID();
    const body = { answers: [{ question: 'Colour?', answer: 'Black' }], client_message_id: clientMessageId };
    const first = await asker.client.post(`/products/${p.product_id}/inquiry`, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The same again (an answer lost on a weak network), and the same from GraphQL and REST at once.
    const [again, gql] = await Promise.all([
      asker.client.post(`/products/${p.product_id}/inquiry`, body),
      asker.client.gql<{ sendInquiry: { id: string } }>('mutation($p: ID!, $c: String) { sendInquiry(productId: $p, answers: [{question: "Colour?", answer: "Black"}], clientMessageId: $c) { id } }', { p: p.product_id, c: clientMessageId }),
    ]);
    expect(again.status).toBe(201);
    expect(again.body.message.message_id).toBe(first.body.message.message_id);
    expect(gql.data?.sendInquiry.id).toBe(first.body.message.message_id);
    const onSeller = (await list(maker, asker)).body.messages as Array<{ kind: string }>;
    expect(onSeller.filter((m) => m.kind === 'inquiry')).toHaveLength(1);
    // A new id is a new inquiry.
    expect((await asker.client.post(`/products/${p.product_id}/inquiry`, { ...body, client_message_id: randomUUID() })).body.message.message_id).not.toBe(first.body.message.message_id);
  });
});

describe('quotes and bids', () => {
  const quote = (from: Seller, to: Seller, body: Record<string, unknown>) => from.client.post(`/chat/${to.user.uid}/quotes`, body);
  const order = (who: Seller, messageId: string, key?: string) => who.client.request('POST', '/chat/quotes/create-order', { message_id: messageId }, key ? { 'idempotency-key': key } : {});

  it('names a refused field as each door named it: unit_price_paise on REST, unitPricePaise on GraphQL', async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { purchase_type: 'inquire', price: undefined });
    const message = 'Please enter a valid price in paise (a whole number)';
    const res = await quote(s, b, { product_id: p.product_id, quantity: 5, unit_price_paise: '12.50' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, details: { fields: { unit_price_paise: message } } });
    const gql = await s.client.gql(`mutation($u: ID!, $p: ID!) { sendQuote(userId: $u, productId: $p, quantity: 5, unitPricePaise: "12.50") { id } }`, { u: b.user.uid, p: p.product_id });
    expect(gql.errors?.[0]).toMatchObject({ message, extensions: { details: { fields: { unitPricePaise: message } } } });
  });

  it('refuses to order a quote for more than the stock left (409, in English and Hindi), ordering nothing and leaving the quote open', async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { purchase_type: 'inquire', price: undefined, quantity: { min_quantity: 1, max_quantity: 10 } });
    const q = await quote(s, b, { product_id: p.product_id, quantity: 25, unit_price_paise: '10000', valid_days: 3 });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const tooMany = await order(b, q.body.message.message_id);
    expect([tooMany.status, tooMany.body.message]).toEqual([409, 'Only 10 left']);
    const hindi = await b.client.request('POST', '/chat/quotes/create-order', { message_id: q.body.message.message_id }, { 'accept-language': 'hi' });
    expect(hindi.status).toBe(409);
    expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);
    expect(await countRows(app, 'orders', 'product_id = $1', [p.product_id])).toBe(0);
    const [{ max_quantity }] = await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [p.product_id]);
    expect(max_quantity).toBe(10);
    const card = (await list(b, s)).body.messages.find((m: JsonBody) => m.message_id === q.body.message.message_id);
    expect(card.quote).toMatchObject({ status: 'open', order_id: null });
  });

  it('turns an accepted quote into one order at the quoted price, and marks it ordered', async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { purchase_type: 'inquire', price: undefined, quantity: { min_quantity: 10, max_quantity: 100 } });
    const q = await quote(s, b, { product_id: p.product_id, quantity: 5, unit_price_paise: '48000', valid_days: 3 });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(q.body.message).toMatchObject({ kind: 'quote', quote: { unit: 'piece', quantity: 5, unit_price_paise: '48000', total_paise: '240000', status: 'open', order_id: null } });
    expect(q.body.message.content).toBe(`Quote: 5 pcs x ${p.title} at ₹480 / pc`);

    const placed = await order(b, q.body.message.message_id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ quantity: 5, price_paise: '48000', total_paise: '240000', status: 'unpaid', role: 'buyer', seller_id: s.user.uid });
    const [{ max_quantity }] = await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [p.product_id]);
    expect(max_quantity).toBe(95);
    const onSeller = (await list(s, b)).body.messages.find((m: JsonBody) => m.message_id === q.body.message.message_id);
    expect(onSeller.quote).toMatchObject({ status: 'ordered', order_id: placed.body.order_id });
    expect((await s.client.get('/sellers/orders/list')).body.orders.map((o: JsonBody) => o.order_id)).toContain(placed.body.order_id);

    // Once only: again, concurrently, or an edit of the ordered quote.
    const again = await order(b, q.body.message.message_id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This quote has already been ordered');
    const edit = await s.client.put(`/chat/messages/${q.body.message.message_id}/edit`, { content: 'new terms' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('An ordered quote cannot be edited');
  });

  it("names the product's unit on a quote and an offer (REST and GraphQL), and keeps it when the listing's unit changes later", async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { title: 'Basmati rice, 1121', unit: 'kg', price: '95', quantity: { min_quantity: 25, max_quantity: 5000 } });
    const q = await quote(s, b, { product_id: p.product_id, quantity: 500, unit_price_paise: '9000' });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(q.body.message.quote).toMatchObject({ unit: 'kg', quantity: 500, unit_price_paise: '9000' });
    expect(q.body.message.content).toBe('Quote: 500 kg x Basmati rice, 1121 at ₹90 / kg');
    const offer = await b.client.post(`/products/${p.product_id}/bids`, { quantity: 100, unit_price_paise: '8800' });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    expect(offer.body.message).toMatchObject({ content: 'Offer: 100 kg x Basmati rice, 1121 at ₹88 / kg', bid: { unit: 'kg' } });
    await app.sql(`update products set unit = 'bag' where id = $1`, [p.product_id]);
    const gql = await b.client.gql<{ chatMessages: { items: Array<{ quote: { unit: string } | null; bid: { unit: string } | null }> } }>(
      'query($u: ID!) { chatMessages(userId: $u) { items { quote { unit } bid { unit } } } }',
      { u: s.user.uid },
    );
    expect(gql.data?.chatMessages.items.map((m) => m.quote?.unit ?? m.bid?.unit)).toEqual(['kg', 'kg']);
  });

  it('refuses to order a quote whose total is past what an order may come to, with 400, writing nothing', async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { purchase_type: 'inquire', price: undefined, quantity: { min_quantity: 1, max_quantity: 1_000_000 } });
    const q = (await quote(s, b, { product_id: p.product_id, quantity: 1000, unit_price_paise: '100000' })).body.message;
    // A quote made before today's price limit: ₹1,00,00,00,00,00,000 a unit, 1,000 of them (past 64 bits in paise).
    await app.sql(`update chat_offers set unit_price_paise = 10000000000000000 where message_id = $1`, [q.message_id]);
    const before = { orders: await countRows(app, 'orders'), events: await countRows(app, 'outbox_events') };
    const res = await order(b, q.message_id);
    expect([res.status, res.body.code, res.body.message]).toEqual([400, 'BAD_USER_INPUT', 'This order is too large. Please order a smaller quantity.']);
    expect(await countRows(app, 'orders')).toBe(before.orders);
    expect(await countRows(app, 'outbox_events')).toBe(before.events);
    const [{ max_quantity }] = await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [p.product_id]);
    expect(max_quantity).toBe(1_000_000);
    const onSeller = (await list(s, b)).body.messages.find((m: JsonBody) => m.message_id === q.message_id);
    expect(onSeller.quote).toMatchObject({ status: 'open', order_id: null });
  });

  it('gives one order when the same quote is accepted many times at once', async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { quantity: { min_quantity: 1, max_quantity: 50 } });
    const q = (await quote(s, b, { product_id: p.product_id, quantity: 2, unit_price_paise: 1000 })).body.message;
    const tries = await Promise.all(Array.from({ length: 8 }, () => order(b, q.message_id)));
    expect(tries.filter((t) => t.status === 201)).toHaveLength(1);
    expect(tries.filter((t) => t.status === 409)).toHaveLength(7);
    expect(await countRows(app, 'orders', 'product_id = $1', [p.product_id])).toBe(1);
    const [{ max_quantity }] = await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [p.product_id]);
    expect(max_quantity).toBe(48);
    // With an Idempotency-Key, a retry answers the same order.
    const q2 = (await quote(s, b, { product_id: p.product_id, quantity: 1, unit_price_paise: 1000 })).body.message;
    const key = randomUUID();
    const first = await order(b, q2.message_id, key);
    const retry = await order(b, q2.message_id, key);
    expect(retry.status).toBe(201);
    expect(retry.body.order_id).toBe(first.body.order_id);
  });

  it("refuses an expired, changed, someone else's or own quote, and quotes of another seller's product; nothing is ordered", async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { quantity: { min_quantity: 1, max_quantity: 50 } });
    const mine = await createProduct(b.client, {});
    const q = async (body: Record<string, unknown> = {}) => (await quote(s, b, { product_id: p.product_id, quantity: 1, unit_price_paise: 500, ...body })).body.message;

    const expired = await q();
    // A minute before the app's clock (the database's own now() is ahead of it once the file has run a while).
    await app.sql(`update chat_offers set valid_until = $2::timestamptz - interval '1 minute' where message_id = $1`, [expired.message_id, app.clock.now()]);
    const r1 = await order(b, expired.message_id);
    expect([r1.status, r1.body.message]).toEqual([409, 'This quote has expired']);

    const changed = await q();
    expect((await s.client.put(`/chat/messages/${changed.message_id}/edit`, { content: 'Special price for you' })).status).toBe(200);
    const r2 = await order(b, changed.message_id);
    expect([r2.status, r2.body.message]).toEqual([409, 'This quote was changed by the seller; ask for a new one']);

    const open = await q();
    const r3 = await order(s, open.message_id);
    expect([r3.status, r3.body.message]).toEqual([403, 'Only the buyer can accept this quote']);
    expect((await order(stranger, open.message_id)).status).toBe(404);
    const text = (await send(s, b, 'just text')).body.message;
    expect((await order(b, text.message_id)).status).toBe(400);

    const foreign = await quote(s, b, { product_id: mine.product_id, quantity: 1, unit_price_paise: 500 });
    expect([foreign.status, foreign.body.message]).toEqual([403, 'You can only quote your own products']);
    for (const bad of [{ quantity: 0 }, { unit_price_paise: '12.50' }, { unit_price_paise: -1 }, { valid_days: 31 }, { unit_price_paise: 0.1 }]) {
      const r = await quote(s, b, { product_id: p.product_id, quantity: 1, unit_price_paise: 500, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await countRows(app, 'orders', 'product_id = $1', [p.product_id])).toBe(0);
  });

  it('lets a buyer bid and the seller accept (a quote at the bid price), counter or decline', async () => {
    const [s, b] = await pair();
    const p = await createProduct(s.client, { quantity: { min_quantity: 1, max_quantity: 500 } });
    const bid = async (price: number, note?: string) => {
      const r = await b.client.post(`/products/${p.product_id}/bids`, { quantity: 100, unit_price_paise: price, note });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.message;
    };
    const respond = (body: Record<string, unknown>) => s.client.post('/chat/bids/respond', body);

    const b1 = await bid(20000, 'Regular monthly order');
    expect(b1).toMatchObject({ kind: 'bid', content: 'Regular monthly order', bid: { quantity: 100, unit_price_paise: '20000', total_paise: '2000000', status: 'open', note: 'Regular monthly order' } });
    const accepted = await respond({ message_id: b1.message_id, action: 'accept' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message.bid).toMatchObject({ status: 'accepted' });
    const quoteId = accepted.body.message.bid.quote_message_id;
    const quoteMsg = (await list(b, s)).body.messages.find((m: JsonBody) => m.message_id === quoteId);
    expect(quoteMsg.quote).toMatchObject({ quantity: 100, unit_price_paise: '20000', bid_message_id: b1.message_id, status: 'open' });
    expect((await respond({ message_id: b1.message_id, action: 'decline' })).status).toBe(409);

    const b2 = await bid(15000);
    expect(b2.content).toBe(`Offer: 100 pcs x ${p.title} at ₹150 / pc`);
    expect((await respond({ message_id: b2.message_id, action: 'counter' })).status).toBe(400);
    const countered = await respond({ message_id: b2.message_id, action: 'counter', unit_price_paise: '17500' });
    expect(countered.body.message.bid.status).toBe('countered');
    const counterQuote = (await list(b, s)).body.messages.find((m: JsonBody) => m.message_id === countered.body.message.bid.quote_message_id);
    expect(counterQuote.quote.unit_price_paise).toBe('17500');

    const b3 = await bid(100);
    const declined = await s.client.gql(`mutation($id: ID!) { respondToBid(messageId: $id, action: "decline") { bid { status quoteMessageId } } }`, { id: b3.message_id });
    expect((declined.data as JsonBody).respondToBid.bid).toEqual({ status: 'declined', quoteMessageId: null });
    // The buyer cannot answer their own bid; a stranger cannot see it.
    expect((await b.client.post('/chat/bids/respond', { message_id: b3.message_id, action: 'accept' })).status).toBe(403);
    expect((await stranger.client.post('/chat/bids/respond', { message_id: b3.message_id, action: 'accept' })).status).toBe(404);
    expect((await s.client.post(`/products/${p.product_id}/bids`, { quantity: 1, unit_price_paise: 100 })).status).toBe(403);
  });
});

describe('read state and notifications', () => {
  it('counts unread messages per conversation and in total, and follows reads', async () => {
    const [a, b] = await pair();
    const c = await createSeller(app);
    for (const t of ['one', 'two', 'three']) await send(a, b, t);
    await send(c, b, 'from c');
    const convs = async () => (await b.client.get('/chat/conversations')).body;
    expect((await convs()).unread_total).toBe(4);
    const withA = (await list(b, a)).body.messages;
    const read = await b.client.post(`/chat/${a.user.uid}/read`, { position: withA[1].position });
    expect(read.status).toBe(200);
    expect(read.body.conversation.unread_count).toBe(1);
    expect((await convs()).unread_total).toBe(2);
    // Never backwards, never beyond the last message.
    await b.client.post(`/chat/${a.user.uid}/read`, { position: '1' });
    expect((await convs()).unread_total).toBe(2);
    await b.client.post(`/chat/${a.user.uid}/read`, { position: '999999' });
    expect((await convs()).unread_total).toBe(1);
    const gql = await b.client.gql('{ chatUnreadTotal }');
    expect((gql.data as JsonBody).chatUnreadTotal).toBe(1);
    // The sender sees how far the other side read.
    const forA = (await a.client.get('/chat/conversations')).body.conversations[0];
    expect(forA.other_last_read_position).toBe(withA[2].position);
    expect((await stranger.client.post(`/chat/${a.user.uid}/read`, { position: '1' })).status).toBe(404);
  });

});
