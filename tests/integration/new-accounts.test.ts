import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * New accounts (docs/product.md#new-accounts): an account younger than NEW_ACCOUNT_DAYS sends at most
 * NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR messages an hour to people who have not written to it; a 429
 * beyond it writes nothing; someone who wrote back is no stranger; the limit ends with the hour and
 * with the account's youth; and its links are not clickable in notification emails.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NEW_ACCOUNT_DAYS: '1', NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR: '3', CHAT_MESSAGES_PER_MINUTE: '500' });
});
afterAll(() => app?.close());

const send = (from: Seller, to: Seller, content: string, headers: Record<string, string> = {}) => from.client.request('POST', `/chat/${to.user.uid}/messages`, { content }, headers);
const sentBy = async (s: Seller) => (await app.sql<{ n: number }>('select count(*)::int as n from chat_messages where sender_id = $1', [s.user.uid]))[0].n;

describe("a new account's messages to strangers", () => {
  it('are limited per hour; one over is 429 and writes nothing; a reply makes the other no stranger; the next hour allows more', async () => {
    const [newbie, a, b] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    // Past the hour's start, so the whole test sits in one calendar hour.
    app.clock.advance(3_600_000 - (app.clock.now().getTime() % 3_600_000) + 1000);
    for (const [to, text] of [[a, 'Hello'], [a, 'Are you there?'], [b, 'Hello']] as const) expect((await send(newbie, to, text)).status).toBe(201);
    const refused = await send(newbie, b, 'Cheap deals');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: 'A new account can send 3 messages an hour to people who have not written back yet. Please wait a while.' });
    const hindi = await send(newbie, b, 'Cheap deals', { 'accept-language': 'hi' });
    expect(hindi.body.message).toBe('नए खाते से एक घंटे में 3 मैसेज ही उन लोगों को भेजे जा सकते हैं जिन्होंने अभी तक जवाब नहीं दिया है। कृपया थोड़ी देर रुकें।');
    expect(await sentBy(newbie)).toBe(3);

    // a writes back: messages to a count only against the usual allowance.
    expect((await send(a, newbie, 'Yes, tell me')).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await send(newbie, a, `Details ${i}`)).status).toBe(201);
    expect((await send(newbie, b, 'Still cheap')).status).toBe(429);

    app.clock.advance(3_600_000);
    expect((await send(newbie, b, 'New hour')).status).toBe(201);
    expect(await sentBy(newbie)).toBe(9);
  });

  it("shows a new account's links unclickable in the recipient's email (the digest of what stayed unread)", async () => {
    // Noon in India, clear of quiet hours, which would hold the digest until morning.
    const now = app.clock.now().getTime();
    const ist = Math.floor((now / 60_000 + 330) % 1440);
    app.clock.advance((((720 - ist) % 1440) + 1440) % 1440 * 60_000 - (now % 60_000) + 60_000);
    const [newbie, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    expect((await send(newbie, buyer, 'Best price at https://deals.evil.example/pay now')).status).toBe(201);
    await app.drain();
    // Unread after the digest's 15 minutes: the sweep sends what is due.
    app.clock.advance(16 * 60_000);
    await app.services.notifications.digestDue();
    await app.drain();
    const [mail] = await app.sql<{ body: string }>(`select body from dev_outbox_messages where recipient = $1 and dedupe_key like 'digest-%'`, [buyer.email]);
    expect(mail?.body).toContain('deals[.]evil[.]example/pay');
    expect(mail?.body).not.toContain('https://deals.evil.example');
  });
  it('end once the account is older than NEW_ACCOUNT_DAYS; older accounts were never limited', async () => {
    const [newbie, ...others] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    app.clock.advance(2 * 24 * 3_600_000);
    for (let i = 0; i < 6; i++) expect((await send(newbie, others[i % 2], `Hello ${i}`)).status).toBe(201);
  });

});
