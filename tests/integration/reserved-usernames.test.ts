// Usernames that are REST calls of their own under /sellers/ (docs/product.md#seller-profiles) are refused
// at sign-up and at a username change, on both doors, in English and Hindi, and nothing is written.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectGqlError, firstError, newCredentials, registerAndLogin, USER_FIELDS } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

const RESERVED = "This username is reserved for the site's own pages: please choose another";
const RESERVED_HI = 'यह यूज़रनेम साइट के अपने पेजों के लिए रखा गया है: कृपया कोई दूसरा चुनें';
const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { ${USER_FIELDS} } }`;
const SETTINGS = `mutation($input: AccountSettingsInput!) { updateAccountSettings(input: $input) { ${USER_FIELDS} } }`;

/** The literal first segments after /sellers/ of the REST routes the server registers (read from its route files). */
function literalSellerSegments(): string[] {
  const modules = path.resolve(import.meta.dirname, '../../server/src/modules');
  const found = new Set<string>();
  for (const dir of readdirSync(modules, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(path.join(modules, dir.name)).filter((f) => f.endsWith('.routes.ts'))) {
      const text = readFileSync(path.join(modules, dir.name, file), 'utf8');
      for (const m of text.matchAll(/['"`]\/sellers\/([a-z0-9_.-]+)(?=[/'"`])/g)) found.add(m[1]!);
    }
  }
  return [...found].sort();
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('usernames reserved by the routes under /sellers/', () => {
  const names = literalSellerSegments();

  it('the routes under /sellers/ name at least the calls we know', () => {
    expect(names).toEqual(expect.arrayContaining(['business', 'figures', 'orders', 'rfqs']));
  });

  it('sign-up with each of them is 400 on REST and GraphQL, in any case and with spaces, and writes nothing', async () => {
    const before = await countRows(app, 'users');
    for (const name of names) {
      for (const username of [name, ` ${name.toUpperCase()} `]) {
        const input = newCredentials({ username });
        const rest = await new ApiClient(app.url).post('/auth/register', input);
        expect(rest.status, username).toBe(400);
        expect(rest.body).toMatchObject({ code: 'BAD_USER_INPUT', message: RESERVED, details: { fields: { username: RESERVED } } });
        const gql = await new ApiClient(app.url).gql(REGISTER, { input: newCredentials({ username }) });
        expect(gql.data ?? null).toBeNull();
        expectGqlError(gql, 'BAD_USER_INPUT', RESERVED);
        expect(firstError(gql).extensions?.details).toEqual(rest.body.details);
      }
    }
    expect(await countRows(app, 'users')).toBe(before);
    expect(await countRows(app, 'users', 'username = any($1)', [names])).toBe(0);
  });

  it('the refusal is in Hindi for a Hindi request', async () => {
    const hindi = new ApiClient(app.url, { 'accept-language': 'hi' });
    const rest = await hindi.post('/auth/register', newCredentials({ username: 'rfqs' }));
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'BAD_USER_INPUT', message: RESERVED_HI, details: { fields: { username: RESERVED_HI } } });
    expectGqlError(await hindi.gql(REGISTER, { input: newCredentials({ username: 'figures' }) }), 'BAD_USER_INPUT', RESERVED_HI);
  });

  it('a username change to each of them is 400 on REST and GraphQL and changes nothing', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const row = async () => (await app.sql('select * from users where id = $1', [a.user.uid]))[0];
    const before = await row();
    for (const name of names) {
      const rest = await client.put('/auth/settings', { username: name.toUpperCase(), language: 'hi' });
      expect(rest.status, name).toBe(400);
      expect(rest.body).toMatchObject({ code: 'BAD_USER_INPUT', message: RESERVED, details: { fields: { username: RESERVED } } });
      expectGqlError(await client.gql(SETTINGS, { input: { username: name } }), 'BAD_USER_INPUT', RESERVED);
    }
    expect(await row()).toEqual(before);
    expect((await client.get('/auth/user')).body.user).toMatchObject({ username: a.username, language: 'en' });
  });

  it('names that only contain a reserved word are fine', async () => {
    for (const username of [`rfqs_${Date.now().toString(36).slice(-6)}`, `my.orders.${Date.now().toString(36).slice(-6)}`]) {
      const res = await new ApiClient(app.url).post('/auth/register', newCredentials({ username }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.user.username).toBe(username);
    }
  });
});
