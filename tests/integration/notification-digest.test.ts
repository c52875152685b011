import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChanged } from '../../server/src/modules/chat/chat-events.js';
import { jobDataOf } from '../../server/src/outbox/outbox.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * The email digest (docs/product.md#notifications): what stayed unread for 15 minutes goes in one email per
 * window, through the mail adapter (the development outbox here), with links to the exact screens, in the
 * user's language; never what was read in the app meanwhile; per the preferences' email column; held by quiet
 * hours. The digest's delayed BullMQ job is run when the app's clock says its time came (its id names it).
 */
let app: TestApp;
const DIGEST_QUEUE = 'notification-digests';

beforeAll(async () => {
  // No sweep during the test (it would send digests by itself): the jobs are run below.
  app = await startTestApp({ NOTIFY_BUNDLE_SECONDS: '60', NOTIFY_SWEEP_SECONDS: '3600', NOTIFY_DIGEST_MINUTES: '15' });
});
afterAll(() => app?.close());

const minutes = (n: number) => app.clock.advance(n * 60_000);
/** Moves the app's clock forward to the next hh:mm in India (UTC+05:30). */
function advanceToIst(hh: number, mm: number) {
  const now = app.clock.now().getTime();
  const ist = Math.floor((now / 60_000 + 330) % 1440);
  const wait = (((hh * 60 + mm - ist) % 1440) + 1440) % 1440 || 1440;
  app.clock.advance(wait * 60_000 - (now % 60_000));
}

/** When each of the user's delayed digest jobs is due, by the app's clock (`digest-{user}-{ms}`). */
async function digestJobs(who: Seller): Promise<number[]> {
  const jobs = await app.infra.queues.queue(DIGEST_QUEUE).getDelayed();
  return jobs.map((j) => j.id ?? '').filter((id) => id.startsWith(`digest-${who.user.uid}-`)).map((id) => Number(id.split('-').pop()));
}

/** Runs the delayed digest jobs whose time came on the app's clock (as BullMQ would at that time), then waits for them. */
async function runDueDigests(): Promise<void> {
  const now = app.clock.now().getTime();
  for (const job of await app.infra.queues.queue(DIGEST_QUEUE).getDelayed()) {
    if (Number((job.id ?? '').split('-').pop()) <= now) await job.promote();
  }
  await app.drain();
}

const digestsTo = (who: Seller) =>
  app.sql<{ subject: string; body: string }>(`select subject, body from dev_outbox_messages where recipient = $1 and dedupe_key like 'digest-%' order by created_at`, [who.email]);

async function send(from: Seller, to: Seller, content: string): Promise<string> {
  const res = await from.client.post(`/chat/${to.user.uid}/messages`, { content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.message.position as string;
}

const pair = async () => Promise.all([createSeller(app), createSeller(app), createSeller(app)]);

describe('email digest', () => {
  it('adds email to the preferences: messages, quotes and requirements on, orders off (they have their own email)', async () => {
    const [me] = await pair();
    const res = await me.client.get('/account/notifications');
    expect(res.body.kinds).toEqual({
      order: { push: true, whatsapp: true, email: false },
      message: { push: true, whatsapp: false, email: true },
      quote: { push: true, whatsapp: false, email: true },
      requirement: { push: true, whatsapp: false, email: true },
    });
    // A client that leaves email out keeps what was saved.
    const kinds = { order: { push: true, whatsapp: true }, message: { push: true, whatsapp: false }, quote: { push: true, whatsapp: false }, requirement: { push: false, whatsapp: false } };
    const saved = await me.client.put('/account/notifications', { enabled: true, whatsapp_opt_in: false, quiet_hours: { enabled: true, from: '22:00', to: '08:00' }, urgent_in_quiet_hours: true, kinds });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.kinds.requirement).toEqual({ push: false, whatsapp: false, email: true });
    const gql = await me.client.gql<{ notificationSettings: { preferences: { kinds: { order: { email: boolean } } } } }>('{ notificationSettings { preferences { kinds { order { email } } } } }');
    expect(gql.data?.notificationSettings.preferences.kinds.order.email).toBe(false);
    const bad = await me.client.put('/account/notifications', { enabled: true, whatsapp_opt_in: false, quiet_hours: { enabled: true, from: '22:00', to: '08:00' }, urgent_in_quiet_hours: true, kinds: { ...kinds, message: { push: true, whatsapp: false, email: 'yes' } } });
    expect(bad.status).toBe(400);
    expect((await me.client.get('/account/notifications')).body.kinds.requirement).toEqual({ push: false, whatsapp: false, email: true });
  });

  it('makes a burst one email after 15 minutes, listing what is unread with links to its screens', async () => {
    advanceToIst(12, 0);
    const [seller, buyer, buyer2] = await pair();
    for (const text of ['Is the almirah in stock?', 'Can you deliver to Pune?', 'See https://deals.example/pay']) await send(buyer, seller, text);
    // (A notice is timed when its event's job runs: each is let run before the clock moves.)
    await app.drain();
    minutes(2);
    await send(buyer2, seller, 'Price for 20 pieces?');
    await app.drain();
    // One job per notice's time (messages of the same millisecond share one); none is due yet.
    expect((await digestJobs(seller)).length).toBeGreaterThan(0);
    minutes(12);
    await runDueDigests();
    expect(await digestsTo(seller)).toEqual([]);

    minutes(2);
    await runDueDigests();
    const [mail, ...more] = await digestsTo(seller);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('4 unread updates on Bol Bazaar');
    expect(mail!.body).toContain('These are waiting for you on Bol Bazaar:');
    expect(mail!.body).toContain(`- 3 new messages\n  "See deals[.]example/pay"\n  Open: ${app.config.PUBLIC_URL}/chat?with=${buyer.user.uid}`);
    expect(mail!.body).toContain(`- New message\n  "Price for 20 pieces?"\n  Open: ${app.config.PUBLIC_URL}/chat?with=${buyer2.user.uid}`);
    expect(mail!.body).toContain(`${app.config.PUBLIC_URL}/settings#settings-notifications`);

    // Sent once: the later messages' own jobs and the sweep find nothing more.
    minutes(20);
    await runDueDigests();
    await app.services.notifications.digestDue();
    expect(await digestsTo(seller)).toHaveLength(1);
  });

  it('writes in the user\'s language', async () => {
    advanceToIst(12, 0);
    const [seller, buyer] = await pair();
    expect((await seller.client.put('/auth/settings', { language: 'hi' })).status).toBe(200);
    await send(buyer, seller, 'नमस्ते, दाम बताइए');
    await app.drain();
    minutes(16);
    await runDueDigests();
    const mails = await digestsTo(seller);
    expect(mails.map((m) => m.subject)).toEqual(['बोल बाज़ार पर बिना पढ़ा: नया मैसेज']);
    expect(mails[0]!.body).toContain(`- नया मैसेज\n  "नमस्ते, दाम बताइए"\n  खोलें: ${app.config.PUBLIC_URL}/chat?with=${buyer.user.uid}`);
  });

  it('never lists what was read in the app meanwhile, pushed or not', async () => {
    advanceToIst(12, 0);
    const [seller, buyer] = await pair();
    await send(buyer, seller, 'First question');
    await app.drain();
    // The push window passed (the notice is marked sent), then the seller read it in the app.
    minutes(2);
    await app.services.notifications.deliverDue();
    const second = await send(buyer, seller, 'Second question');
    await app.drain();
    minutes(3);
    expect((await seller.client.post(`/chat/${buyer.user.uid}/read`, { position: second })).status).toBe(200);
    await app.drain();
    minutes(15);
    await runDueDigests();
    await app.services.notifications.digestDue();
    expect(await digestsTo(seller)).toEqual([]);
  });

  it('never lists a message whose notice was made after the read that covered it (its job ran late)', async () => {
    advanceToIst(12, 0);
    const [seller, buyer] = await pair();
    const position = await send(buyer, seller, 'Is the price final?');
    expect((await seller.client.post(`/chat/${buyer.user.uid}/read`, { position })).status).toBe(200);
    await app.drain();
    // The message's job ran after the read's: its notice is made now, from the event the app wrote.
    const [event] = await app.sql<{ id: string; payload: Record<string, unknown> }>(
      `select id, payload from outbox_events where topic = 'chat.changed' and payload->>'type' = 'message' and payload->>'actorId' = $1`,
      [buyer.user.uid],
    );
    await app.sql('delete from notices where user_id = $1', [seller.user.uid]);
    const { eventId: _id, ...payload } = jobDataOf(chatChanged).parse({ ...event!.payload, eventId: event!.id }) as Record<string, unknown>;
    await app.services.notifications.onEvent(chatChanged.name, payload);
    const [notice] = await app.sql<{ read: boolean }>('select read_at is not null as read from notices where user_id = $1', [seller.user.uid]);
    expect(notice?.read).toBe(true);
    minutes(16);
    await runDueDigests();
    await app.services.notifications.digestDue();
    expect(await digestsTo(seller)).toEqual([]);
  });

  it('sends nothing with the email column off, or the account\'s email notifications off', async () => {
    advanceToIst(12, 0);
    const [seller, buyer] = await pair();
    const prefs = (await seller.client.get('/account/notifications')).body;
    const off = { ...prefs.kinds, message: { ...prefs.kinds.message, email: false } };
    expect((await seller.client.put('/account/notifications', { enabled: true, whatsapp_opt_in: false, quiet_hours: prefs.quiet_hours, urgent_in_quiet_hours: true, kinds: off })).status).toBe(200);
    await send(buyer, seller, 'Not by email');
    await app.drain();
    expect(await digestJobs(seller)).toEqual([]);

    // Email on in the preferences, but the account's email notifications off (its settings switch).
    const [other, buyer2] = await pair();
    expect((await other.client.put('/auth/settings', { email_notifications: false })).status).toBe(200);
    await send(buyer2, other, 'Email notifications are off');
    await app.drain();
    // The notice is there (pushed in the app's way), only not for email.
    expect(await app.sql('select 1 from notices where user_id = $1', [other.user.uid])).toHaveLength(1);
    minutes(16);
    await runDueDigests();
    await app.services.notifications.digestDue();
    expect(await digestsTo(seller)).toEqual([]);
    expect(await digestsTo(other)).toEqual([]);
  });

  it('holds the digest over quiet hours until 08:00 IST', async () => {
    const [seller, buyer] = await pair();
    advanceToIst(22, 50);
    await send(buyer, seller, 'Late question');
    await app.drain();
    minutes(16);
    await runDueDigests();
    expect(await digestsTo(seller)).toEqual([]);
    // Its job waits for the end of quiet hours.
    const [due] = await digestJobs(seller);
    expect(Math.floor((due! / 60_000 + 330) % 1440)).toBe(8 * 60);
    advanceToIst(7, 59);
    await runDueDigests();
    expect(await digestsTo(seller)).toEqual([]);
    advanceToIst(8, 0);
    await runDueDigests();
    const mails = await digestsTo(seller);
    expect(mails.map((m) => m.subject)).toEqual(['Unread on Bol Bazaar: New message']);
    expect(mails[0]!.body).toContain('"Late question"');
  });

  it('is sent by the sweep when its job was lost (Redis lost its data), once', async () => {
    advanceToIst(12, 0);
    const [seller, buyer] = await pair();
    await send(buyer, seller, 'Lost job');
    await app.drain();
    for (const job of await app.infra.queues.queue(DIGEST_QUEUE).getDelayed()) if (job.id?.startsWith(`digest-${seller.user.uid}-`)) await job.remove();
    minutes(16);
    await app.services.notifications.digestDue();
    await app.services.notifications.digestDue();
    expect((await digestsTo(seller)).map((m) => m.subject)).toEqual(['Unread on Bol Bazaar: New message']);
  });
});
