import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Account, browserDescribe, type BrowserSession, chooseLanguage, firstVisible, launchBrowser, newAccount, outboxMessages, readLatestCode, topBar } from './support/browser.js';

const journey = browserDescribe(describe);

async function signUp(page: Page, account: Account) {
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Registered: the email code step follows (signup flow, docs/product.md#states-and-transitions).
  await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
}

async function logIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Username or email', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const mailed = (await outboxMessages(account.email)).length;
  await page.getByRole('button', { name: 'Log in' }).click();

  const landed = await firstVisible([
    page.getByRole('heading', { level: 1, name: `Welcome, ${account.username}` }),
    page.getByRole('heading', { name: 'Verify your email' }),
  ]);
  if (landed === 1) {
    // Not verified yet: the login asked for a new code (or, within the resend cooldown, the signup code stands).
    const newCodeSent = await page.getByRole('status').filter({ hasText: 'We sent you a new code.' }).isVisible();
    const code = await readLatestCode(account.email, { after: newCodeSent ? mailed : 0 });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

async function serverSession(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    const res = await fetch('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: JSON.stringify({ query: '{ me { username } }' }),
    });
    const body = (await res.json()) as { data?: { me: { username: string } | null } };
    return body.data?.me ?? null;
  });
}

journey('auth journey', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, logs in (a second tab follows), switches to Hindi and logs out', async () => {
    const account = newAccount();
    const page = await browser.newPage('/');
    await page.getByRole('heading', { level: 1, name: 'The voice platform for business goods' }).waitFor();

    await signUp(page, account);

    const otherTab = await browser.newPage('/about');
    await topBar(otherTab).getByRole('link', { name: 'Log in' }).waitFor();

    await logIn(page, account);
    await topBar(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    await topBar(page).getByRole('link', { name: 'Chat' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bb.loggedIn'))).toBe('1');
    expect(await serverSession(page)).toEqual({ username: account.username });

    // Same profile, other tab: the storage event flips its top bar without a reload.
    await topBar(otherTab).getByRole('link', { name: 'Chat' }).waitFor();
    expect(await topBar(otherTab).getByRole('link', { name: 'Log in' }).count()).toBe(0);

    await chooseLanguage(page, 'हिन्दी');
    await topBar(page).getByRole('link', { name: 'डैशबोर्ड' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.evaluate(() => localStorage.getItem('bb.language'))).toBe('hi');
    // The choice survives a reload, and the Devanagari text is really laid out (a font is installed).
    await page.reload();
    const heading = page.getByRole('heading', { level: 1, name: `स्वागत है, ${account.username}` });
    await heading.waitFor();
    expect((await heading.boundingBox())?.width ?? 0).toBeGreaterThan(20);

    await page.getByRole('button', { name: 'मेनू खोलें' }).click();
    await page.getByRole('dialog', { name: 'मेनू' }).getByRole('button', { name: 'लॉग आउट करें' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await topBar(page).getByRole('link', { name: 'लॉग इन करें' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bb.loggedIn'))).toBeNull();
    expect(await serverSession(page)).toBeNull();
    await topBar(otherTab).getByRole('link', { name: 'Log in' }).waitFor();

    expect(browser.errors).toEqual([]);
  });
});
