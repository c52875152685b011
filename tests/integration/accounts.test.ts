import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import {
  countRows,
  expectGqlError,
  firstError,
  login,
  newCredentials,
  registerAndLogin,
  STRONG_PASSWORD,
  USER_FIELDS,
  type Credentials,
} from '../support/accounts.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const USERNAME_RULE = 'Username must be 3 to 30 characters using lowercase letters, digits, _ and .';
const PASSWORD_RULE =
  'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (!@#$%^&*)';
const BOTH = 'Please enter both email and username';
const INVALID_LOGIN = 'Invalid username or password';

const REGISTER = `mutation Register($input: RegisterInput!) { register(input: $input) { ${USER_FIELDS} } }`;
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { id username } }`;
const CHANGE = `mutation Change($input: ChangePasswordInput!) { changePassword(input: $input) }`;

/** Sends the same registration through both doors and returns both answers. */
async function registerBothDoors(input: Record<string, unknown>) {
  const rest = await new ApiClient(app.url).post('/auth/register', input);
  const gql = await new ApiClient(app.url).gql(REGISTER, { input });
  return { rest, gql };
}

describe('registration rules, the same on REST and GraphQL', () => {
  const strong = () => newCredentials();
  const cases: Array<{ name: string; input: () => Record<string, unknown>; message: string; field: string }> = [
    { name: 'empty email', input: () => ({ ...strong(), email: '' }), message: BOTH, field: 'email' },
    { name: 'empty username', input: () => ({ ...strong(), username: '' }), message: BOTH, field: 'username' },
    { name: 'blank username', input: () => ({ ...strong(), username: '   ' }), message: BOTH, field: 'username' },
    { name: 'invalid email', input: () => ({ ...strong(), email: 'not-an-email' }), message: 'Please enter a valid email address', field: 'email' },
    { name: 'email without domain dot', input: () => ({ ...strong(), email: 'a@b' }), message: 'Please enter a valid email address', field: 'email' },
    { name: 'username too short', input: () => ({ ...strong(), username: 'ab' }), message: USERNAME_RULE, field: 'username' },
    { name: 'username too long', input: () => ({ ...strong(), username: 'a'.repeat(31) }), message: USERNAME_RULE, field: 'username' },
    { name: 'username with a dash', input: () => ({ ...strong(), username: 'bad-name' }), message: USERNAME_RULE, field: 'username' },
    { name: 'username with a space', input: () => ({ ...strong(), username: 'bad name' }), message: USERNAME_RULE, field: 'username' },
    { name: 'username with non-latin letters', input: () => ({ ...strong(), username: 'नाम_123' }), message: USERNAME_RULE, field: 'username' },
    { name: 'password too short', input: () => ({ ...strong(), password: 'Ab1!xyz' }), message: PASSWORD_RULE, field: 'password' },
    { name: 'password without uppercase', input: () => ({ ...strong(), password: 'str0ng!pass' }), message: PASSWORD_RULE, field: 'password' },
    { name: 'password without lowercase', input: () => ({ ...strong(), password: 'STR0NG!PASS' }), message: PASSWORD_RULE, field: 'password' },
    { name: 'password without digit', input: () => ({ ...strong(), password: 'Strong!pass' }), message: PASSWORD_RULE, field: 'password' },
    { name: 'password without special', input: () => ({ ...strong(), password: 'Str0ngpass' }), message: PASSWORD_RULE, field: 'password' },
    { name: 'password with a special outside !@#$%^&*', input: () => ({ ...strong(), password: 'Str0ng-pass' }), message: PASSWORD_RULE, field: 'password' },
    { name: 'empty password', input: () => ({ ...strong(), password: '' }), message: 'Please enter password', field: 'password' },
  ];

  for (const c of cases) {
    it(`${c.name}: 400 BAD_USER_INPUT "${c.message}" on both doors, nothing written`, async () => {
      const before = await countRows(app, 'users');
      const { rest, gql } = await registerBothDoors(c.input());
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ code: 'BAD_USER_INPUT', message: c.message });
      expect(rest.body.details.fields[c.field]).toBe(c.message);
      expect(gql.data ?? null).toBeNull();
      expectGqlError(gql, 'BAD_USER_INPUT', c.message);
      expect(firstError(gql).extensions?.details).toEqual(rest.body.details);
      expect(await countRows(app, 'users')).toBe(before);
    });
  }

  it('REST: a missing email or username reads "Please enter both email and username"', async () => {
    const { email, password } = newCredentials();
    for (const body of [{ email, password }, { username: 'someone', password }, { password }, {}]) {
      const res = await new ApiClient(app.url).post('/auth/register', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: BOTH });
    }
  });

  it('REST: fields of the wrong type are refused with a clear message, not a crash', async () => {
    const res = await new ApiClient(app.url).post('/auth/register', { email: ['x@example.com'], username: 42, password: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: BOTH });
  });

  it('the boundaries are accepted: 3 and 30 character usernames, 8 character passwords, dots and underscores', async () => {
    const tag = Date.now().toString(36).slice(-5);
    for (const username of [`a${tag}`.slice(0, 3), `${tag}.${'x'.repeat(30)}`.slice(0, 30), `a_b.${tag}`]) {
      const res = await new ApiClient(app.url).post('/auth/register', newCredentials({ username, password: 'Aa1!aaaa' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.user.username).toBe(username);
    }
  });

  it('a successful registration answers the user on both doors and stores lower-cased email and username', async () => {
    const c = newCredentials();
    const rest = await new ApiClient(app.url).post('/auth/register', { ...c, email: ` ${c.email.toUpperCase()} `, username: c.username.toUpperCase() });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ message: 'Registration successful', user: { username: c.username, email: c.email, email_verified: false } });
    expect(rest.body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(rest.body)).not.toContain(c.password);

    const c2 = newCredentials();
    const gql = await new ApiClient(app.url).gql(REGISTER, { input: c2 });
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.register).toMatchObject({ username: c2.username, email: c2.email, emailVerified: false, language: 'en' });

    const rows = await app.sql<{ username: string; email: string; password_hash: string }>(
      'select username, email, password_hash from users where username = any($1) order by username',
      [[c.username, c2.username]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(STRONG_PASSWORD);
    }
  });

  it('email is unique ignoring case: 409 CONFLICT, the same on both doors, nothing written', async () => {
    const c = newCredentials();
    expect((await new ApiClient(app.url).post('/auth/register', c)).status).toBe(201);
    const before = await countRows(app, 'users');
    const { rest, gql } = await registerBothDoors({ ...newCredentials(), email: c.email.toUpperCase() });
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists' });
    expectGqlError(gql, 'CONFLICT', 'An account with this email already exists');
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('username is unique ignoring case: 409 CONFLICT, the same on both doors, nothing written', async () => {
    const c = newCredentials();
    expect((await new ApiClient(app.url).post('/auth/register', c)).status).toBe(201);
    const before = await countRows(app, 'users');
    const { rest, gql } = await registerBothDoors({ ...newCredentials(), username: c.username.toUpperCase() });
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ code: 'CONFLICT', message: 'This username is already taken' });
    expectGqlError(gql, 'CONFLICT', 'This username is already taken');
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('concurrent registrations of one username: exactly one wins, the others get CONFLICT', async () => {
    const username = newCredentials().username;
    const attempts = Array.from({ length: 6 }, (_, i) => {
      const c = newCredentials({ username });
      return i % 2 ? new ApiClient(app.url).gql(REGISTER, { input: c }) : new ApiClient(app.url).post('/auth/register', c);
    });
    const results = await Promise.all(attempts);
    const wins = results.filter((r) => ('body' in r ? r.status === 201 : !r.errors));
    expect(wins).toHaveLength(1);
    for (const r of results) {
      if ('body' in r) {
        if (r.status !== 201) expect(r.body).toMatchObject({ code: 'CONFLICT', message: 'This username is already taken' });
      } else if (r.errors) {
        expectGqlError(r, 'CONFLICT', 'This username is already taken');
      }
    }
    expect(await countRows(app, 'users', 'username = $1', [username])).toBe(1);
  });

  it('concurrent registrations of one email: exactly one wins', async () => {
    const email = newCredentials().email;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => new ApiClient(app.url).post('/auth/register', newCredentials({ email }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe('An account with this email already exists');
    expect(await countRows(app, 'users', 'email = $1', [email])).toBe(1);
  });
});

describe('login and logout', () => {
  let account: Credentials;
  beforeAll(async () => {
    const client = new ApiClient(app.url);
    account = await registerAndLogin(app, client);
    await client.post('/auth/logout');
  });

  it('logs in by username or by email, in any case, on both doors', async () => {
    for (const id of [account.username, account.username.toUpperCase(), account.email, ` ${account.email.toUpperCase()} `]) {
      const rest = new ApiClient(app.url);
      const res = await login(app, rest, id, account.password, account.email);
      expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ message: 'Login successful', user: { username: account.username, email: account.email } });
      expect(rest.cookie).toMatch(/^bb_sid=/);

      const gql = new ApiClient(app.url);
      const g = await gql.gql(LOGIN, { input: { username: id, password: account.password } });
      expect(g.errors).toBeUndefined();
      expect(g.data?.login.username).toBe(account.username);
      expect(gql.cookie).toMatch(/^bb_sid=/);
    }
  });

  it('wrong password and unknown user get the same 401 answer on both doors, and no cookie', async () => {
    const answers = [];
    for (const input of [
      { username: account.username, password: 'Wr0ng!pass' },
      { username: account.email, password: 'Wr0ng!pass' },
      { username: 'nobody_here', password: account.password },
      { username: 'nobody@example.com', password: account.password },
    ]) {
      const rest = new ApiClient(app.url);
      const res = await rest.post('/auth/login', input);
      expect(res.status).toBe(401);
      expect(rest.cookie).toBeNull();
      answers.push(res.body);
      const gql = new ApiClient(app.url);
      const g = await gql.gql(LOGIN, { input });
      expect(g.data ?? null).toBeNull();
      expectGqlError(g, 'UNAUTHENTICATED', INVALID_LOGIN);
      expect(gql.cookie).toBeNull();
    }
    for (const a of answers) expect(a).toEqual({ code: 'UNAUTHENTICATED', message: INVALID_LOGIN });
  });

  it('an empty username reads "Please enter username" (400) on both doors', async () => {
    for (const input of [{ username: '', password: 'x' }, { username: '   ', password: 'x' }]) {
      const res = await new ApiClient(app.url).post('/auth/login', input);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Please enter username' });
      expectGqlError(await new ApiClient(app.url).gql(LOGIN, { input }), 'BAD_USER_INPUT', 'Please enter username');
    }
    const missing = await new ApiClient(app.url).post('/auth/login', { password: 'x' });
    expect(missing.body).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Please enter username' });
    const noPassword = await new ApiClient(app.url).post('/auth/login', { username: account.username, password: '' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Please enter password' });
  });

  it('GET /auth/user answers the user shape when logged in, 401 when not; GraphQL me likewise', async () => {
    const client = new ApiClient(app.url);
    const out = await client.get('/auth/user');
    expect(out.status).toBe(401);
    expect(out.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const meOut = await client.gql(`{ me { id } }`);
    expect(meOut.errors).toBeUndefined();
    expect(meOut.data?.me).toBeNull();

    expect((await login(app, client, account.username, account.password, account.email)).status).toBe(200);
    const res = await client.get('/auth/user');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['user']);
    expect(Object.keys(res.body.user).sort()).toEqual(
      ['email', 'email_notifications', 'email_verified', 'language', 'uid', 'username', 'whatsapp_number', 'whatsapp_verified'].sort(),
    );
    expect(res.body.user).toMatchObject({
      username: account.username,
      email: account.email,
      whatsapp_number: null,
      whatsapp_verified: false,
      language: 'en',
      email_notifications: true,
    });
    expect(res.body.user.uid).toMatch(/^[0-9a-f-]{36}$/);

    const me = await client.gql(`{ me { ${USER_FIELDS} } }`);
    expect(me.data?.me).toEqual({
      id: res.body.user.uid,
      username: account.username,
      email: account.email,
      emailVerified: res.body.user.email_verified,
      whatsappNumber: null,
      whatsappVerified: false,
      language: 'en',
      emailNotifications: true,
    });
  });

  it('logout ends the session on both doors (success true, even when not logged in)', async () => {
    const rest = new ApiClient(app.url);
    await login(app, rest, account.username, account.password, account.email);
    const out = await rest.post('/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(rest.cookie).toBeNull();
    expect((await rest.get('/auth/user')).status).toBe(401);
    expect((await rest.post('/auth/logout')).body).toEqual({ success: true });

    const gql = new ApiClient(app.url);
    await login(app, gql, account.username, account.password, account.email);
    const g = await gql.gql(`mutation { logout }`);
    expect(g.data).toEqual({ logout: true });
    expect(gql.cookie).toBeNull();
    expect((await gql.gql(`{ me { id } }`)).data?.me).toBeNull();
  });
});

describe('change password', () => {
  const NEW = 'N3w!password';

  it('REST: wrong current, weak new, same as old and missing current are refused with clear messages', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const hash = async () => (await app.sql<{ password_hash: string }>('select password_hash from users where username = $1', [a.username]))[0].password_hash;
    const before = await hash();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ current_password: 'Wr0ng!pass', new_password: NEW }, 'Current password is incorrect', 'current_password'],
      [{ current_password: a.password, new_password: 'weak' }, PASSWORD_RULE, 'new_password'],
      [{ current_password: a.password, new_password: a.password }, 'New password must be different from the current password', 'new_password'],
      [{ new_password: NEW }, 'Please enter your current password', 'current_password'],
      [{ current_password: a.password }, 'Please enter password', 'new_password'],
    ];
    for (const [body, message, field] of cases) {
      const res = await client.post('/auth/change-password', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message });
      expect(res.body.details.fields[field]).toBe(message);
    }
    expect(await hash()).toBe(before);
    expect((await client.get('/auth/user')).status).toBe(200);
  });

  it('GraphQL changePassword gives the same messages and codes as REST', async () => {
    const rest = new ApiClient(app.url);
    const a = await registerAndLogin(app, rest);
    const gql = new ApiClient(app.url);
    expect((await login(app, gql, a.username, a.password, a.email)).status).toBe(200);
    const cases: Array<[string, string]> = [
      ['Wr0ng!pass', NEW],
      [a.password, 'weak'],
      [a.password, a.password],
      ['', NEW],
    ];
    for (const [current, next] of cases) {
      const r = await rest.post('/auth/change-password', { current_password: current, new_password: next });
      const g = await gql.gql(CHANGE, { input: { currentPassword: current, newPassword: next } });
      expect(r.status).toBe(400);
      expectGqlError(g, r.body.code, r.body.message);
      // The same fields, each door naming them its own way (REST current_password, GraphQL currentPassword).
      const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      const restFields = r.body.details.fields as Record<string, string>;
      expect(firstError(g).extensions?.details).toEqual({ fields: Object.fromEntries(Object.entries(restFields).map(([k, v]) => [camel(k), v])) });
    }
  });

  it('needs a session: 401 on REST, UNAUTHENTICATED on GraphQL', async () => {
    const res = await new ApiClient(app.url).post('/auth/change-password', { current_password: STRONG_PASSWORD, new_password: NEW });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expectGqlError(await new ApiClient(app.url).gql(CHANGE, { input: { currentPassword: STRONG_PASSWORD, newPassword: NEW } }), 'UNAUTHENTICATED');
  });

  it('a successful change: the new password logs in, the old one does not', async () => {
    const client = new ApiClient(app.url);
    const a = await registerAndLogin(app, client);
    const res = await client.post('/auth/change-password', { current_password: a.password, new_password: NEW });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password changed successfully' });
    expect((await new ApiClient(app.url).post('/auth/login', { username: a.username, password: a.password })).status).toBe(401);
    expect((await login(app, new ApiClient(app.url), a.username, NEW, a.email)).status).toBe(200);

    const g = await client.gql(CHANGE, { input: { currentPassword: NEW, newPassword: `${NEW}2` } });
    expect(g.errors).toBeUndefined();
    expect(g.data).toEqual({ changePassword: true });
    expect((await login(app, new ApiClient(app.url), a.email, `${NEW}2`, a.email)).status).toBe(200);
  });
});
