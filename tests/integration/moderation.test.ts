import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { login } from '../support/accounts.js';
import { ApiClient, waitFor, type JsonBody } from '../support/client.js';
import { runOperatorCommand } from '../support/operators.js';
import { untilSubscribed, watchAccountEvents } from '../support/subscriptions.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Reports and the operator console through the public surface (docs/product.md#operators-and-reports):
 * the operator role given only by the command; reports (one open per reporter and target) with their
 * refusals; operator routes a 404 for anyone else; the console's context; dismiss, hide a product,
 * suspend (sessions end, a live socket closes, listings leave search, login refused, orders still
 * readable to the other party) and unsuspend, each in the append-only audit log; the reporter told.
 */
let app: TestApp;
let operator: Seller;

beforeAll(async () => {
  app = await startTestApp({ CHAT_MESSAGES_PER_MINUTE: '500' });
  operator = await createSeller(app);
  const made = await runOperatorCommand(app, ['add', operator.email]);
  expect(made, made.out).toMatchObject({ code: 0 });
  expect(made.out).toContain(`${operator.username} (${operator.email}) is now an operator`);
}, 60_000);
afterAll(() => app?.close());

const send = async (from: Seller, to: Seller, content: string): Promise<string> => {
  const res = await from.client.post(`/chat/${to.user.uid}/messages`, { content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.message.message_id as string;
};
const report = (who: Seller, body: JsonBody) => who.client.post('/reports', body);
const openReports = async (): Promise<JsonBody[]> => {
  const res = await operator.client.get('/operator/reports?limit=50');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.reports;
};
const reportOf = async (id: string) => (await openReports()).find((r) => r.report_id === id);
const resolve = (id: string, action: string, note: string) => operator.client.post(`/operator/reports/${id}/resolve`, { action, note });
const searchIds = async (query: string): Promise<string[]> => {
  const res = await new ApiClient(app.url).post('/products/search', { query, limit: 20 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results.map((r: JsonBody) => r.product_id);
};

describe('the operator role', () => {
  it('is given only by the command; operator routes are a 404 for anyone else, as an unknown endpoint is', async () => {
    const someone = await createSeller(app);
    const visitor = new ApiClient(app.url);
    const unknown = await someone.client.get('/operator/nothing-here');
    expect(unknown.status).toBe(404);
    for (const [client, method, path] of [
      [someone.client, 'GET', '/operator/reports'],
      [visitor, 'GET', '/operator/reports'],
      [someone.client, 'POST', '/operator/reports/0190d9f0-0000-7000-8000-000000000000/resolve'],
      [someone.client, 'POST', `/operator/users/${someone.user.uid}/unsuspend`],
      [someone.client, 'GET', '/operator/actions'],
    ] as const) {
      const res = await client.request(method, path, method === 'POST' ? { action: 'dismiss', note: 'x' } : undefined);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ ...unknown.body, message: `No such endpoint: ${method} ${path}` });
    }
    const gql = await someone.client.gql('{ operatorReports { open } }');
    expect(gql.errors?.[0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND' } });
    expect((await someone.client.gql<JsonBody>('{ isOperator }')).data?.isOperator).toBe(false);
    expect((await operator.client.gql<JsonBody>('{ isOperator }')).data?.isOperator).toBe(true);
    // Nothing in the API sets the role: account settings ignore it, and the command alone changes it.
    await someone.client.request('PUT', '/auth/settings', { operator: true, is_operator: true });
    expect((await someone.client.get('/operator/reports')).status).toBe(404);

    expect(await runOperatorCommand(app, ['add', 'nobody@example.com'])).toMatchObject({ code: 1, out: 'No account has the email nobody@example.com' });
    expect((await runOperatorCommand(app, ['promote', someone.email])).code).toBe(2);
    expect((await runOperatorCommand(app, ['add', someone.email])).code).toBe(0);
    expect((await someone.client.get('/operator/reports')).status).toBe(200);
    expect((await runOperatorCommand(app, ['remove', someone.email])).code).toBe(0);
    expect((await someone.client.get('/operator/reports')).status).toBe(404);
  }, 180_000); // five runs of the real command, each a process of its own
});

describe('reporting', () => {
  it('refuses bad reports with clear 4xx and writes nothing; one open report per reporter and target (409)', async () => {
    const [a, b, stranger] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const messageId = await send(b, a, 'Pay me outside the app, I give 50% discount');
    const count = async () => Number((await app.sql<{ n: string }>('select count(*) as n from reports where reporter_id = any($1)', [[a.user.uid, stranger.user.uid]]))[0].n);
    const cases: Array<[JsonBody, number, string]> = [
      [{}, 400, 'Please choose what you are reporting: a user, a message or a product'],
      [{ target_type: 'order', target_id: messageId, reason: 'spam' }, 400, 'Please choose what you are reporting: a user, a message or a product'],
      [{ target_type: 'message', target_id: 'abc', reason: 'spam' }, 400, 'Please choose what you are reporting'],
      [{ target_type: 'message', target_id: messageId, reason: 'rude' }, 400, 'Please choose a reason: spam, fraud, offensive, wrong category or other'],
      [{ target_type: 'message', target_id: messageId, reason: 'other' }, 400, 'Please tell us what is wrong'],
      [{ target_type: 'message', target_id: messageId, reason: 'spam', text: 'x'.repeat(1001) }, 400, 'The report must be at most 1000 characters'],
      [{ target_type: 'user', target_id: a.user.uid, reason: 'spam' }, 400, 'You cannot report yourself or your own messages and products'],
      [{ target_type: 'user', target_id: '0190d9f0-0000-7000-8000-000000000000', reason: 'spam' }, 404, 'User not found'],
      [{ target_type: 'product', target_id: '0190d9f0-0000-7000-8000-000000000000', reason: 'spam' }, 404, 'Product not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await report(a, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // A message of someone else's conversation is not there for a stranger.
    expect((await report(stranger, { target_type: 'message', target_id: messageId, reason: 'spam' })).status).toBe(404);
    expect((await new ApiClient(app.url).post('/reports', { target_type: 'user', target_id: b.user.uid, reason: 'spam' })).status).toBe(401);
    expect(await count()).toBe(0);

    const first = await report(a, { target_type: 'message', target_id: messageId, reason: 'fraud', text: 'Asks for payment outside' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.report).toMatchObject({ target_type: 'message', target_id: messageId, reason: 'fraud', status: 'open', outcome: null });
    const again = await report(a, { target_type: 'message', target_id: messageId, reason: 'spam' });
    expect([again.status, again.body.message]).toEqual([409, 'You have already reported this. Our team will look at it soon.']);
    const hindi = await a.client.request('POST', '/reports', { target_type: 'message', target_id: messageId, reason: 'spam' }, { 'accept-language': 'hi' });
    expect(hindi.body.message).toBe('आप इसकी रिपोर्ट पहले ही कर चुके हैं। हमारी टीम जल्द ही इसे देखेगी।');
    // Twenty at once: still one open report.
    const racing = await Promise.all(Array.from({ length: 20 }, () => report(a, { target_type: 'user', target_id: b.user.uid, reason: 'spam' })));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await count()).toBe(2);

    // The GraphQL twin, and the reporter's own list.
    const gql = await a.client.gql<JsonBody>('mutation($i: ReportInput!) { report(input: $i) { targetType reason status } }', {
      i: { targetType: 'user', targetId: b.user.uid, reason: 'offensive' },
    });
    expect(gql.errors?.[0]).toMatchObject({ message: 'You have already reported this. Our team will look at it soon.', extensions: { code: 'CONFLICT' } });
    const product = await createProduct(b.client, { title: 'Counterfeit branded watches' });
    const viaGql = await a.client.gql<JsonBody>('mutation($i: ReportInput!) { report(input: $i) { targetType reason status } }', {
      i: { targetType: 'product', targetId: product.product_id, reason: 'wrong_category', text: null },
    });
    expect(viaGql.data?.report).toEqual({ targetType: 'product', reason: 'wrong_category', status: 'open' });
    expect((await a.client.get('/reports')).body.reports.map((r: JsonBody) => r.target_type)).toEqual(['product', 'user', 'message']);
  });
});

describe('the console', () => {
  it('lists open reports with their context, dismisses one, tells the reporter, and keeps an append-only audit log', async () => {
    const [buyer, seller] = await Promise.all([createSeller(app), createSeller(app)]);
    const ids: string[] = [];
    for (const text of ['Hello', 'Is it in stock?', 'Yes', 'Price?', 'Send money to my personal UPI', 'Why?', 'Trust me', 'OK']) {
      ids.push(await send(text === 'Hello' || text.endsWith('?') || text === 'OK' ? buyer : seller, text === 'Hello' || text.endsWith('?') || text === 'OK' ? seller : buyer, text));
    }
    const product = await createProduct(seller.client, { title: 'Replica designer handbags' });
    const byMessage = (await report(buyer, { target_type: 'message', target_id: ids[4], reason: 'fraud' })).body.report.report_id;
    const byProduct = (await report(buyer, { target_type: 'product', target_id: product.product_id, reason: 'fraud' })).body.report.report_id;

    const m = await reportOf(byMessage);
    expect(m).toMatchObject({ reason: 'fraud', reporter: { user_id: buyer.user.uid, username: buyer.username }, product: null });
    expect(m!.messages.map((x: JsonBody) => [x.content, x.reported])).toEqual([
      ['Is it in stock?', false], ['Yes', false], ['Price?', false], ['Send money to my personal UPI', true], ['Why?', false], ['Trust me', false], ['OK', false],
    ]);
    expect(m!.target_user).toMatchObject({ user_id: seller.user.uid, username: seller.username, suspended: false, reports_against: 2, open_reports_against: 2, actions: [] });
    const p = await reportOf(byProduct);
    expect(p).toMatchObject({ product: { product_id: product.product_id, title: 'Replica designer handbags', enabled: true, held: null, deleted: false }, messages: [] });

    const watched = watchAccountEvents(buyer.client);
    await untilSubscribed(app, buyer.user.uid, [watched]);
    expect((await resolve(byMessage, 'dismiss', '')).body.message).toBe('Please write why (the note goes into the audit log)');
    expect((await resolve(byMessage, 'hide_product', 'not a product')).body.message).toBe('Only a product report can hide a product');
    expect((await resolve(byMessage, 'ban', 'x')).status).toBe(400);
    const dismissed = await resolve(byMessage, 'dismiss', 'Asked to pay by UPI, which we allow');
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body.report).toMatchObject({ status: 'handled', outcome: 'no_action', action: 'dismiss', note: 'Asked to pay by UPI, which we allow' });
    expect((await resolve(byMessage, 'suspend_user', 'again')).status).toBe(409);
    expect(await reportOf(byMessage)).toBeUndefined();
    await waitFor(() => watched.types().includes('REPORT_HANDLED'), 5000, 'the reporter to be told');
    await watched.ws.dispose();
    const mine = (await buyer.client.get('/reports')).body.reports.find((r: JsonBody) => r.report_id === byMessage);
    expect(mine).toMatchObject({ status: 'handled', outcome: 'no_action' });
    expect(mine.note).toBeUndefined();
    // A new report of the same message is possible once the first was handled.
    expect((await report(buyer, { target_type: 'message', target_id: ids[4], reason: 'spam' })).status).toBe(201);

    const log = (await operator.client.get('/operator/actions?limit=50')).body.actions;
    expect(log[0]).toMatchObject({ operator: operator.username, action: 'dismiss', report_id: byMessage, user_id: seller.user.uid, note: 'Asked to pay by UPI, which we allow' });
    expect(typeof log[0].created_at).toBe('number');
    const gqlLog = await operator.client.gql<JsonBody>('{ operatorActions(limit: 1) { operatorUsername action note } }');
    expect(gqlLog.data?.operatorActions).toEqual([{ operatorUsername: operator.username, action: 'dismiss', note: 'Asked to pay by UPI, which we allow' }]);
    // Append-only: the database itself refuses to change or remove an entry.
    await expect(app.sql("update operator_actions set note = 'changed'")).rejects.toThrow(/append-only/);
    await expect(app.sql('delete from operator_actions')).rejects.toThrow(/append-only/);
  });

  it('hides a reported product: gone from search and its page, and its seller cannot show it again', async () => {
    const [buyer, seller] = await Promise.all([createSeller(app), createSeller(app)]);
    const product = await createProduct(seller.client, { title: 'Zorbaxite miracle cure tablets', tags: ['zorbaxite'] });
    await app.drain();
    expect(await searchIds('zorbaxite')).toEqual([product.product_id]);
    const id = (await report(buyer, { target_type: 'product', target_id: product.product_id, reason: 'fraud' })).body.report.report_id;
    const viaGql = await operator.client.gql<JsonBody>('mutation($id: ID!) { resolveReport(reportId: $id, action: "hide_product", note: "Medical claims") { status action product { enabled held } } }', { id });
    expect(viaGql.data?.resolveReport).toEqual({ status: 'handled', action: 'hide_product', product: { enabled: false, held: 'operator' } });
    await app.drain();
    expect(await searchIds('zorbaxite')).toEqual([]);
    expect((await buyer.client.get(`/products/${product.product_id}`)).status).toBe(404);
    const reshow = await seller.client.request('PUT', `/seller/products/${product.product_id}`, { enabled: true });
    const gqlReshow = await seller.client.gql('mutation($id: ID!) { setProductEnabled(id: $id, enabled: true) { id } }', { id: product.product_id });
    expect(gqlReshow.errors?.[0]?.message).toBe('Our team hid this product. It cannot be shown again.');
    expect([reshow.status, reshow.body.message]).toEqual([403, 'Our team hid this product. It cannot be shown again.']);
    expect((await app.sql<{ enabled: boolean }>('select enabled from products where id = $1', [product.product_id]))[0].enabled).toBe(false);
  });
});

describe('suspension', () => {
  it('ends sessions and closes live sockets at once, hides listings, refuses login, keeps orders readable; unsuspending undoes it', async () => {
    const [buyer, seller] = await Promise.all([createSeller(app), createSeller(app)]);
    const listed = await createProduct(seller.client, { title: 'Quuxberry wholesale spice mix', tags: ['quuxberry'], quantity: { min_quantity: 1, max_quantity: 50 } });
    const off = await createProduct(seller.client, { title: 'Quuxberry paused listing', tags: ['quuxberry'] });
    expect((await seller.client.request('PUT', `/seller/products/${off.product_id}`, { enabled: false })).status).toBe(200);
    const order = await buyer.client.post('/products/buy-now', { product_id: listed.product_id, quantity: 2 });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId = order.body.order.order_id;
    await app.drain();
    expect(await searchIds('quuxberry')).toEqual([listed.product_id]);
    const messageId = await send(seller, buyer, 'Click http://phish.example to pay');

    const socket = watchAccountEvents(seller.client);
    await untilSubscribed(app, seller.user.uid, [socket]);
    const id = (await report(buyer, { target_type: 'message', target_id: messageId, reason: 'fraud' })).body.report.report_id;
    expect((await resolve(id, 'suspend_user', 'Phishing link to buyers')).status).toBe(200);

    await waitFor(() => socket.closeCode() !== null, 5000, 'the live socket to close');
    expect(socket.closeCode()).toBe(4401);
    expect((await seller.client.get('/auth/user')).status).toBe(401);
    const refused = await login(app, seller.client, seller.username, seller.password, seller.email);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'ACCOUNT_SUSPENDED', 'This account has been suspended by our team, so it cannot be used to log in.']);
    const hindi = await new ApiClient(app.url).request('POST', '/auth/login', { username: seller.email, password: seller.password }, { 'accept-language': 'hi' });
    expect([hindi.status, hindi.body.message]).toEqual([403, 'हमारी टीम ने यह खाता सस्पेंड कर दिया है, इसलिए इससे लॉग इन नहीं हो सकता।']);
    const wrong = await new ApiClient(app.url).post('/auth/login', { username: seller.email, password: 'Wr0ng!pass' });
    expect(wrong.status).toBe(401); // a wrong password learns nothing of the suspension

    await app.drain();
    expect(await searchIds('quuxberry')).toEqual([]);
    expect((await buyer.client.get(`/products/${listed.product_id}`)).status).toBe(404);
    const readable = await buyer.client.get(`/orders/${orderId}`);
    expect(readable.status, JSON.stringify(readable.body)).toBe(200);
    expect(readable.body.order).toMatchObject({ order_id: orderId, product_title: 'Quuxberry wholesale spice mix' });
    expect((await buyer.client.get(`/chat/${seller.user.uid}/messages`)).body.messages.map((x: JsonBody) => x.message_id)).toContain(messageId);
    const history = (await operator.client.gql<JsonBody>('{ operatorReports(limit: 50) { open } operatorActions(limit: 1) { action targetUsername note } }')).data;
    expect(history?.operatorActions).toEqual([{ action: 'suspend_user', targetUsername: seller.username, note: 'Phishing link to buyers' }]);

    // Unsuspend: a note is required, then login works again and the listings the suspension hid come back (not the one the seller had paused).
    expect((await operator.client.post(`/operator/users/${seller.user.uid}/unsuspend`, {})).status).toBe(400);
    const lifted = await operator.client.gql<JsonBody>('mutation($u: ID!) { unsuspendUser(userId: $u, note: "Appeal accepted") { suspended actions { action } } }', { u: seller.user.uid });
    expect(lifted.data?.unsuspendUser).toEqual({ suspended: false, actions: [{ action: 'unsuspend_user' }, { action: 'suspend_user' }] });
    expect((await operator.client.post(`/operator/users/${seller.user.uid}/unsuspend`, { note: 'twice' })).status).toBe(409);
    expect((await login(app, seller.client, seller.username, seller.password, seller.email)).status).toBe(200);
    await app.drain();
    expect(await searchIds('quuxberry')).toEqual([listed.product_id]);
  });

  it('an operator cannot suspend themselves', async () => {
    const other = await createSeller(app);
    const id = (await report(other, { target_type: 'user', target_id: operator.user.uid, reason: 'other', text: 'Testing' })).body.report.report_id;
    expect((await resolve(id, 'suspend_user', 'self')).body.message).toBe('You cannot suspend yourself');
    expect((await resolve(id, 'dismiss', 'A test')).status).toBe(200);
  });
});
