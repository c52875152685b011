import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products.js';
import { expectGqlError, firstError, login, newCredentials, registerAndLogin, USER_FIELDS } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { latestCode, outbox } from '../support/otp.js';
import { untilSubscribed, watchAccountEvents } from '../support/subscriptions.js';

const USERNAME_RULE = 'Username must be 3 to 30 characters using lowercase letters, digits, _ and .';
const SETTINGS = `mutation($input: AccountSettingsInput!) { updateAccountSettings(input: $input) { ${USER_FIELDS} } }`;
const DELETE = `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) }`;
const ME = `{ me { id username } }`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ OTP_DAILY_CAP_PER_CLIENT: '1000' });
});
afterAll(() => app?.close());

const userRow = async (id: string) => (await app.sql('select * from users where id = $1', [id]))[0];

describe('account settings', () => {
  it('changes username, language and email notifications on REST and GraphQL', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const newName = `n_${a.username.slice(2, 20)}`;
    const rest = await client.put('/auth/settings', { username: `  ${newName.toUpperCase()} `, language: 'hi', email_notifications: false });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ success: true, message: 'Settings saved', user: { username: newName, language: 'hi', email_notifications: false } });
    expect((await client.get('/auth/user')).body.user).toMatchObject({ username: newName, language: 'hi', email_notifications: false });

    const gql = await client.gql(SETTINGS, { input: { emailNotifications: true, language: 'en' } });
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.updateAccountSettings).toMatchObject({ username: newName, language: 'en', emailNotifications: true });

    // The new name logs in; the old one no longer does.
    expect((await login(app, new ApiClient(app.url), newName, a.password)).status).toBe(200);
    expect((await new ApiClient(app.url).post('/auth/login', { username: a.username, password: a.password })).status).toBe(401);
  });

  it('keeping the same username is fine; a taken one is refused', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const b = await registerAndLogin(app, new ApiClient(app.url));
    expect((await client.put('/auth/settings', { username: a.username })).status).toBe(200);
    const taken = await client.put('/auth/settings', { username: b.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', message: 'This username is already taken', details: { fields: { username: 'This username is already taken' } } });
    expectGqlError(await client.gql(SETTINGS, { input: { username: b.username } }), 'CONFLICT', 'This username is already taken');
  });

  it('bad input gets the same clear error on both doors and changes nothing', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const before = await userRow(a.user.uid);
    const cases: Array<[Record<string, unknown>, Record<string, unknown> | null, string]> = [
      [{}, {}, 'Nothing to change'],
      [{ username: 'ab' }, { username: 'ab' }, USERNAME_RULE],
      [{ username: 'bad-name' }, { username: 'bad-name' }, USERNAME_RULE],
      [{ username: '' }, { username: '' }, 'Please enter username'],
      [{ language: 'fr' }, { language: 'fr' }, 'Language must be en or hi'],
      [{ email_notifications: 'yes' }, null, 'Email notifications must be on or off (true or false)'],
      [{ username: 'fine_name', language: 'xx' }, { username: 'fine_name', language: 'xx' }, 'Language must be en or hi'],
    ];
    for (const [body, input, message] of cases) {
      const rest = await client.put('/auth/settings', body);
      expect(rest.status, JSON.stringify(body)).toBe(400);
      expect(rest.body).toMatchObject({ code: 'BAD_USER_INPUT', message });
      if (input) {
        const g = await client.gql(SETTINGS, { input });
        expectGqlError(g, 'BAD_USER_INPUT', message);
        expect(firstError(g).extensions?.details).toEqual(rest.body.details);
      }
    }
    expect(await userRow(a.user.uid)).toEqual(before);
  });

  it('needs a session', async () => {
    const anon = new ApiClient(app.url);
    expect((await anon.put('/auth/settings', { language: 'hi' })).status).toBe(401);
    expectGqlError(await anon.gql(SETTINGS, { input: { language: 'hi' } }), 'UNAUTHENTICATED');
    expect((await anon.post('/auth/delete-account', { password: 'x' })).status).toBe(401);
    expectGqlError(await anon.gql(DELETE, { input: { password: 'x' } }), 'UNAUTHENTICATED');
  });

  it('the language is the language of the messages we send', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    await client.put('/auth/settings', { language: 'hi' });
    const phone = '+919876501234';
    expect((await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
    const code = await latestCode(app, phone);
    const [msg] = await outbox(app, phone);
    expect(msg.body).toBe(`बोल बाज़ार: आपका वेरिफ़िकेशन कोड ${code} है। यह 10 मिनट तक ही चलेगा। इसे किसी को न बताएँ।`);
  });

  it('tells the account\'s open sockets that settings changed', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const watched = watchAccountEvents(client);
    await untilSubscribed(app, a.user.uid, [watched]);
    await client.put('/auth/settings', { email_notifications: false });
    await waitFor(() => watched.types().includes('SETTINGS_CHANGED'), 5000, 'SETTINGS_CHANGED');
    await watched.ws.dispose();
  });
});

describe('account deletion', () => {
  it('asks the password again: missing or wrong changes nothing', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const before = await userRow(a.user.uid);
    const missing = await client.post('/auth/delete-account', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Please enter your password' });
    const wrong = await client.post('/auth/delete-account', { password: 'Wr0ng!pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Password is incorrect', details: { fields: { password: 'Password is incorrect' } } });
    expectGqlError(await client.gql(DELETE, { input: { password: 'Wr0ng!pass' } }), 'BAD_USER_INPUT', 'Password is incorrect');
    expectGqlError(await client.gql(DELETE, { input: { password: '' } }), 'BAD_USER_INPUT', 'Please enter your password');
    expect(await userRow(a.user.uid)).toEqual(before);
    expect((await client.get('/auth/user')).status).toBe(200);
  });

  it('ends every session and open socket, anonymises personal data, forgets codes and messages; the email can be used again', async () => {
    const phone = '+919876509876';
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    await client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone });
    await client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: await latestCode(app, phone) });
    const other = new ApiClient(app.url);
    expect((await login(app, other, a.username, a.password)).status).toBe(200);
    const watched = watchAccountEvents(other);
    await untilSubscribed(app, a.user.uid, [watched]);

    const res = await client.post('/auth/delete-account', { password: a.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Account deleted' });
    expect(client.cookie).toBeNull();

    // Sessions and sockets.
    expect((await other.get('/auth/user')).status).toBe(401);
    expect((await other.gql(ME)).data?.me).toBeNull();
    await waitFor(() => watched.closeCode() !== null, 5000, 'the socket to close');
    expect(watched.closeCode()).toBe(4401);

    // Personal data.
    const row = await userRow(a.user.uid);
    expect(row).toMatchObject({
      email: `deleted-${a.user.uid}@deleted.invalid`,
      username: `deleted-${a.user.uid}`,
      whatsapp_number: null,
      whatsapp_verified: false,
      email_verified: false,
      email_notifications: false,
    });
    expect(row.deleted_at).not.toBeNull();
    expect(row.password_hash).toBe('!deleted');
    expect(await app.sql('select 1 from otp_codes where user_id = $1', [a.user.uid])).toHaveLength(0);
    expect(await outbox(app, a.email)).toHaveLength(0);
    expect(await outbox(app, phone)).toHaveLength(0);

    // Nobody logs in as the account any more.
    for (const id of [a.username, a.email]) {
      expect((await new ApiClient(app.url).post('/auth/login', { username: id, password: a.password })).status).toBe(401);
    }
    expect((await new ApiClient(app.url).post('/auth/login', { username: `deleted-${a.user.uid}`, password: '!deleted' })).status).toBe(401);

    // The email and the username are free again.
    const again = new ApiClient(app.url);
    expect((await again.post('/auth/register', newCredentials({ email: a.email, username: a.username }))).status).toBe(201);
  });

  it("the seller's products leave listings; a buyer no longer finds them", async () => {
    const seller = new ApiClient(app.url);
    const a = await registerAndLogin(app, seller);
    const product = await createProduct(seller);
    const buyer = new ApiClient(app.url);
    await registerAndLogin(app, buyer);
    expect((await buyer.get(`/products/${product.product_id}`)).status).toBe(200);

    expect((await seller.post('/auth/delete-account', { password: a.password })).status).toBe(200);
    expect((await buyer.get(`/products/${product.product_id}`)).status).toBe(404);
    expect(await app.sql('select enabled from products where seller_id = $1', [a.user.uid])).toEqual([{ enabled: false }]);
  });

  it("the seller's products leave search results (POST /products/search) and the recommendation rows", async () => {
    const seller = new ApiClient(app.url);
    const a = await registerAndLogin(app, seller);
    const product = await createProduct(seller, { title: 'Kesari brass puja thali set', category: 'Kitchen', tags: ['thali', 'brass'] });
    await app.drain();
    const buyer = new ApiClient(app.url);
    await registerAndLogin(app, buyer);
    const found = async () => {
      const res = await buyer.post('/products/search', { query: 'brass puja thali' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.results as Array<{ product_id: string }>).map((r) => r.product_id);
    };
    const recommended = async (client: ApiClient) => {
      const res = await client.get('/homepage/recommendations');
      expect(res.status).toBe(200);
      return (res.body.rows as Array<{ products: Array<{ product_id: string }> }>).flatMap((r) => r.products.map((p) => p.product_id));
    };
    expect(await found()).toContain(product.product_id);
    expect(await recommended(new ApiClient(app.url))).toContain(product.product_id);

    expect((await seller.post('/auth/delete-account', { password: a.password })).status).toBe(200);
    await app.drain();
    expect(await found()).not.toContain(product.product_id);
    expect(await recommended(new ApiClient(app.url))).not.toContain(product.product_id);
    expect(await recommended(buyer)).not.toContain(product.product_id);
  });

  it('GraphQL deleteAccount does the same', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const res = await client.gql(DELETE, { input: { password: a.password } });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ deleteAccount: true });
    expect((await client.gql(ME)).data?.me).toBeNull();
    expect((await userRow(a.user.uid)).deleted_at).not.toBeNull();
  });

  it("runs every module's deletion hook in the same transaction: a failing hook deletes nothing", async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const seen: string[] = [];
    app.services.accounts.addDeletionHook(async (ctx, account) => {
      if (account.id !== a.user.uid) return;
      seen.push(account.email);
      // Writes through the hook's EntityManager belong to the deletion transaction.
      await ctx.em.execute(`update users set language = 'hi' where id = ?`, [account.id]);
      if (seen.length === 1) throw new Error('products module unavailable');
    });
    const before = await userRow(a.user.uid);
    const failed = await client.post('/auth/delete-account', { password: a.password });
    expect(failed.status).toBe(500);
    expect(await userRow(a.user.uid)).toEqual(before);
    expect((await client.get('/auth/user')).status).toBe(200);

    expect((await client.post('/auth/delete-account', { password: a.password })).status).toBe(200);
    expect(seen).toEqual([a.email, a.email]);
    expect(await userRow(a.user.uid)).toMatchObject({ language: 'hi', email: `deleted-${a.user.uid}@deleted.invalid` });
  });
});
