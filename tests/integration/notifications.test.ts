import webPush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { latestCode, outbox } from '../support/otp.js';
import { PushEndpoint, type TestSubscription } from '../support/push-endpoint.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Notifications away from the page (docs/product.md#notifications): the Web Push contract against a local push
 * service that checks the VAPID signature and decrypts the payload; 404/410 removing a subscription; endpoint
 * refusals; preferences; quiet hours; read-in-app suppression; burst bundling; WhatsApp only to a verified number
 * that opted in.
 */
let app: TestApp;
let push: PushEndpoint;
let seller: Seller;
let buyer: Seller;
let buyer2: Seller;
const vapid = webPush.generateVAPIDKeys();

beforeAll(async () => {
  push = await new PushEndpoint().start();
  app = await startTestApp({
    WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_SUBJECT: 'mailto:alerts@example.com',
    WEB_PUSH_ALLOW_LOOPBACK: 'true',
    NOTIFY_BUNDLE_SECONDS: '60',
    // The test sends what is due itself (deliverDue) after moving its clock.
    NOTIFY_SWEEP_SECONDS: '3600',
  });
  [seller, buyer, buyer2] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
});
afterAll(async () => {
  await app?.close();
  await push?.close();
});
beforeEach(() => {
  push.status = 201;
});

/** Moves the app's clock forward to the next hh:mm in India (UTC+05:30). */
function advanceToIst(hh: number, mm: number) {
  const now = app.clock.now().getTime();
  const ist = Math.floor((now / 60_000 + 330) % 1440);
  const wait = (((hh * 60 + mm - ist) % 1440) + 1440) % 1440 || 1440;
  app.clock.advance(wait * 60_000 - (now % 60_000));
}
const sendDue = async () => {
  app.clock.advance(61_000);
  await app.services.notifications.deliverDue();
};
const subscribe = (who: Seller, sub: Pick<TestSubscription, 'endpoint' | 'keys'>) => who.client.post('/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys });
const order = async () => {
  const p = await createProduct(seller.client, { title: 'Steel almirah, 4 shelves', price: '8500.00', quantity: { min_quantity: 1, max_quantity: 50 } });
  const res = await buyer.client.post('/products/buy-now', { product_id: p.product_id, quantity: 2 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await app.drain();
  return res.body.order as { order_id: string; display_id: string };
};
const message = async (from: Seller, text: string) => {
  expect((await from.client.post(`/chat/${seller.user.uid}/messages`, { content: text })).status).toBe(201);
};
const resetPreferences = () => seller.client.put('/account/notifications', { ...DEFAULTS });
const DEFAULTS = {
  enabled: true,
  whatsapp_opt_in: false,
  quiet_hours: { enabled: true, from: '22:00', to: '08:00' },
  urgent_in_quiet_hours: true,
  kinds: { order: { push: true, whatsapp: true }, message: { push: true, whatsapp: false }, quote: { push: true, whatsapp: false }, requirement: { push: true, whatsapp: false } },
};

describe('Web Push contract', () => {
  let device: TestSubscription;

  it('gives the VAPID public key and stores a device; the push of a new order verifies and decrypts', async () => {
    expect((await new ApiClient(app.url).get('/push/vapid-public-key')).body).toEqual({ public_key: vapid.publicKey });
    expect((await seller.client.gql('{ vapidPublicKey }')).data).toEqual({ vapidPublicKey: vapid.publicKey });
    device = push.subscription();
    const saved = await subscribe(seller, device);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect((await seller.client.get('/account/notifications')).body).toMatchObject({ push_available: true, push_devices: 1, whatsapp_number: null });
    advanceToIst(12, 0);

    const o = await order();
    expect(push.refused).toEqual([]);
    const [received] = push.received;
    expect(received?.vapid).toMatchObject({ aud: push.origin, sub: 'mailto:alerts@example.com', publicKey: vapid.publicKey });
    expect(received?.headers.urgency).toBe('high');
    expect(push.payloadsOf(device)).toEqual([
      { title: `New order ${o.display_id}`, body: 'Quantity 2: Steel almirah, 4 shelves', url: `/seller/orders#order-${o.order_id}`, tag: `order:${o.order_id}`, lang: 'en' },
    ]);
  });

  it('removes a subscription the push service says is gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      const gone = push.subscription();
      expect((await subscribe(seller, gone)).status).toBe(201);
      push.status = status;
      await order();
      expect(await countRows(app, 'push_subscriptions', 'endpoint = $1', [gone.endpoint])).toBe(0);
    }
    // The device that answered 410/404 above was every device of the seller: all gone.
    expect(await countRows(app, 'push_subscriptions', 'user_id = $1', [seller.user.uid])).toBe(0);
    push.status = 201;
    device = push.subscription();
    expect((await subscribe(seller, device)).status).toBe(201);
  });
});

describe('endpoint refusals (SSRF)', () => {
  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'not https'],
    ['https://10.0.0.5/push/x', 'not a browser push service'],
    ['https://169.254.169.254/latest/meta-data', 'not a browser push service'],
    ['https://localhost/push/x', 'not a browser push service'],
    ['https://fcm.googleapis.com:8443/fcm/send/x', 'not the https port'],
    ['https://user:pw@fcm.googleapis.com/fcm/send/x', 'a URL with credentials'],
    ['https://fcm.googleapis.com.evil.example/x', 'not a browser push service'],
    ['http://localhost:6379/', 'not https'],
    ['not a url', 'not a URL'],
  ])('refuses %s with a 400 naming it, writing nothing', async (endpoint, reason) => {
    const before = await countRows(app, 'push_subscriptions');
    const res = await buyer.client.post('/push/subscriptions', { endpoint, keys: push.subscription().keys });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`The endpoint ${endpoint} is not a browser push service (${reason})`);
    expect(res.body.details.fields.endpoint).toBe(res.body.message);
    const gql = await buyer.client.gql('mutation($i: PushSubscriptionInput!) { savePushSubscription(input: $i) }', { i: { endpoint, keys: push.subscription().keys } });
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await countRows(app, 'push_subscriptions')).toBe(before);
  });

  it('refuses missing keys and visitors', async () => {
    expect((await buyer.client.post('/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' })).status).toBe(400);
    const hindi = await buyer.client.request('POST', '/push/subscriptions', { endpoint: 'http://x.example/' }, { 'accept-language': 'hi' });
    expect(hindi.body.message).toMatch(/ब्राउज़र की पुश सर्विस नहीं है|सब्सक्रिप्शन/);
    expect((await new ApiClient(app.url).post('/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: push.subscription().keys })).status).toBe(401);
    expect((await new ApiClient(app.url).get('/account/notifications')).status).toBe(401);
  });
});

describe('the policy', () => {
  let device: TestSubscription;
  beforeAll(async () => {
    device = push.subscription();
    expect((await subscribe(seller, device)).status).toBe(201);
  });
  beforeEach(async () => {
    expect((await resetPreferences()).status).toBe(200);
    advanceToIst(12, 0);
    await sendDue();
  });
  const pushed = () => push.payloadsOf(device);

  it('bundles a burst of messages from two people into one notification after the window', async () => {
    const before = pushed().length;
    for (const text of ['Is the almirah in stock?', 'Can you deliver to Pune?', 'What is the lead time?']) await message(buyer, text);
    for (const text of ['Price for 20?', 'GST bill?']) await message(buyer2, text);
    await app.drain();
    expect(pushed().length).toBe(before);
    await sendDue();
    expect(pushed().slice(before)).toEqual([{ title: '5 new messages from 2 people', body: 'Open Bol Bazaar to read them', url: '/chat', tag: 'message', lang: 'en' }]);
    // Sent once: another pass sends nothing more.
    await sendDue();
    expect(pushed().length).toBe(before + 1);
  });

  it('opens the conversation for one message, and never pushes one read in the app', async () => {
    const before = pushed().length;
    await message(buyer, 'Hello, one question');
    await app.drain();
    await sendDue();
    expect(pushed().slice(before)).toEqual([{ title: 'New message', body: 'Hello, one question', url: `/chat?with=${buyer.user.uid}`, tag: 'message', lang: 'en' }]);
    await message(buyer, 'Read this in the app');
    await app.drain();
    const list = (await seller.client.get(`/chat/${buyer.user.uid}/messages`)).body.messages as Array<{ position: string }>;
    expect((await seller.client.post(`/chat/${buyer.user.uid}/read`, { position: list[list.length - 1]!.position })).status).toBe(200);
    await app.drain();
    await sendDue();
    expect(pushed().length).toBe(before + 1);
  });

  it('holds messages over quiet hours until 08:00 IST; a new order goes through at once', async () => {
    const before = pushed().length;
    advanceToIst(23, 0);
    await message(buyer, 'Late question');
    await app.drain();
    await sendDue();
    expect(pushed().length).toBe(before);
    const o = await order();
    expect(pushed().slice(before).map((p) => p.url)).toEqual([`/seller/orders#order-${o.order_id}`]);
    advanceToIst(7, 57);
    await sendDue();
    expect(pushed().length).toBe(before + 1);
    advanceToIst(8, 0);
    await sendDue();
    expect(pushed().slice(before + 1).map((p) => p.body)).toEqual(['Late question']);
  });

  it('follows the preferences: one switch off, a kind off, orders held too when asked', async () => {
    const before = pushed().length;
    expect((await seller.client.put('/account/notifications', { ...DEFAULTS, enabled: false })).status).toBe(200);
    await order();
    await message(buyer, 'Nobody hears this');
    await app.drain();
    await sendDue();
    expect(pushed().length).toBe(before);

    const gql = await seller.client.gql<{ saveNotificationPreferences: { preferences: { kinds: { message: { push: boolean } } } } }>(
      'mutation($i: NotificationPreferencesInput!) { saveNotificationPreferences(input: $i) { preferences { kinds { message { push } } } } }',
      { i: { enabled: true, whatsappOptIn: false, quietHours: { enabled: true, from: '22:00', to: '08:00' }, urgentInQuietHours: false, kinds: { ...DEFAULTS.kinds, message: { push: false, whatsapp: false } } } },
    );
    expect(gql.data?.saveNotificationPreferences.preferences.kinds.message.push).toBe(false);
    await message(buyer, 'Messages are off');
    await app.drain();
    await sendDue();
    expect(pushed().length).toBe(before);
    advanceToIst(23, 30);
    await order();
    expect(pushed().length).toBe(before);
    advanceToIst(8, 0);
    await sendDue();
    expect(pushed().slice(before).map((p) => p.title)).toEqual([expect.stringMatching(/^New order /)]);
  });

  it('refuses bad preferences with the field named, writing nothing', async () => {
    const stored = await app.sql('select settings from notification_preferences where user_id = $1', [seller.user.uid]);
    const res = await seller.client.put('/account/notifications', { ...DEFAULTS, quiet_hours: { enabled: true, from: '25:00', to: '08:00' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Use a time like 22:00', details: { fields: { 'quiet_hours.from': 'Use a time like 22:00' } } });
    expect((await seller.client.put('/account/notifications', { ...DEFAULTS, kinds: { order: { push: 'yes' } } })).status).toBe(400);
    expect(await app.sql('select settings from notification_preferences where user_id = $1', [seller.user.uid])).toEqual(stored);
  });
});

describe('requirements', () => {
  it('a matched seller hears of a new requirement; once the buyer accepts a quote, the other seller who quoted hears of it, in their language', async () => {
    const [chosen, other, requester] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    expect((await other.client.put('/auth/settings', { language: 'hi' })).status).toBe(200);
    for (const s of [chosen, other]) await createProduct(s.client, { title: 'Brass hotel lamp', category: 'HomeDecor', price: '900', quantity: { min_quantity: 1, max_quantity: 500 } });
    const devices = { chosen: push.subscription(), other: push.subscription() };
    expect((await subscribe(chosen, devices.chosen)).status).toBe(201);
    expect((await subscribe(other, devices.other)).status).toBe(201);
    advanceToIst(12, 0);

    const posted = await requester.client.post('/rfqs', { text: '300 brass lamps for a hotel in Jaipur', category: 'HomeDecor', quantity: 300, unit: 'piece' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const rfqId = posted.body.rfq.id as string;
    await app.drain();
    await sendDue();
    expect(push.payloadsOf(devices.chosen)).toEqual([{ title: 'New buy requirement for you', body: '300 brass lamps for a hotel in Jaipur', url: '/seller/rfqs', tag: 'requirement', lang: 'en' }]);
    expect(push.payloadsOf(devices.other)).toEqual([{ title: 'आपके लिए नई ख़रीद ज़रूरत', body: '300 brass lamps for a hotel in Jaipur', url: '/seller/rfqs', tag: 'requirement', lang: 'hi' }]);

    for (const s of [chosen, other]) {
      const q = await s.client.post(`/rfqs/${rfqId}/quotes`, { unit_price_paise: '85000', quantity: 300, delivery_days: 7, valid_hours: 48 });
      expect(q.status, JSON.stringify(q.body)).toBe(201);
    }
    const quotes = (await requester.client.get(`/rfqs/${rfqId}/quotes`)).body.quotes as Array<{ id: string; seller_id: string }>;
    const pick = quotes.find((q) => q.seller_id === chosen.user.uid)!;
    const accepted = await requester.client.post(`/rfqs/${rfqId}/quotes/${pick.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    await app.drain();
    await sendDue();
    // The other seller: told it went to another quote. The chosen one hears of the order (orders), not of this.
    expect(push.payloadsOf(devices.other).slice(1)).toEqual([{ title: 'ख़रीदार ने दूसरा कोटेशन चुना', body: '300 brass lamps for a hotel in Jaipur', url: '/seller/rfqs', tag: 'requirement', lang: 'hi' }]);
    expect(push.payloadsOf(devices.chosen).slice(1).map((p) => p.title)).toEqual([expect.stringMatching(/^New order /)]);
  });
});

describe('WhatsApp alerts', () => {
  it('go only to a verified number that opted in, through the WhatsApp adapter', async () => {
    const phone = `+9198${String(Date.now()).slice(-8)}`;
    const waOf = async () => (await outbox(app, phone)).filter((m) => m.body.includes('New order'));
    // Opted in, number not verified: nothing.
    expect((await seller.client.put('/account/notifications', { ...DEFAULTS, whatsapp_opt_in: true })).status).toBe(200);
    advanceToIst(12, 0);
    await order();
    expect(await waOf()).toEqual([]);
    // Verified, not opted in: nothing.
    expect((await seller.client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
    expect((await seller.client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: await latestCode(app, phone) })).status).toBe(200);
    expect((await seller.client.put('/account/notifications', DEFAULTS)).body).toMatchObject({ whatsapp_number: phone, whatsapp_opt_in: false });
    await order();
    expect(await waOf()).toEqual([]);
    // Verified and opted in: the order's alert, with the link to the exact screen.
    expect((await seller.client.put('/account/notifications', { ...DEFAULTS, whatsapp_opt_in: true })).status).toBe(200);
    const o = await order();
    const alerts = await waOf();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ channel: 'whatsapp', to: phone });
    expect(alerts[0]!.body).toContain(`New order ${o.display_id}`);
    expect(alerts[0]!.body).toContain(`${app.config.PUBLIC_URL}/seller/orders#order-${o.order_id}`);
    // Messages are push only by default: no WhatsApp for them.
    await message(buyer, 'Not on WhatsApp');
    await app.drain();
    await sendDue();
    expect((await outbox(app, phone)).filter((m) => m.body.includes('Not on WhatsApp'))).toEqual([]);
  });
});
