import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserDescribe, type BrowserSession, chooseLanguage, launchBrowser, newAccount, outboxMessages, readLatestCode } from './support/browser.js';

const journey = browserDescribe(describe);

/** A fresh Indian mobile number, E.164. */
const newPhone = () => `+9198${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

journey('verification journeys', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, reads the code from the outbox, verifies, lands on /dashboard; adds and verifies a WhatsApp number in /settings', async () => {
    const account = newAccount();
    const page = await browser.newPage('/signup');

    // Signup: the server mails the code at registration; the code step follows.
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(true);

    // A wrong code first: the server's state, then the right one logs in automatically.
    const code = await readLatestCode(account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid verification code. 4 attempts left.').waitFor();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // Settings: the phone overlay in two steps, the sandbox instruction before anything is sent.
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const phoneSection = page.getByRole('region', { name: 'WhatsApp number' });
    await phoneSection.getByText('Not verified').waitFor();
    await phoneSection.getByRole('button', { name: 'Add number' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify your WhatsApp number' });
    await dialog.getByText('Step 1 of 2: your number').waitFor();
    await expect.poll(() => dialog.getByRole('note').textContent()).toContain('join bol-bazaar');
    const phone = newPhone();
    expect(await outboxMessages(phone)).toHaveLength(0);
    // The field starts with India's country code.
    expect(await dialog.getByLabel('WhatsApp number').inputValue()).toBe('+91 ');
    await dialog.getByLabel('WhatsApp number').fill('12345');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Please enter a valid WhatsApp number (e.g., +919876543210)').waitFor();
    // A bare 10-digit mobile number ('98...') is India's (+91), not Iran's (+98).
    await dialog.getByLabel('WhatsApp number').fill(phone.slice(3));
    await dialog.getByRole('button', { name: 'Send code' }).click();

    await dialog.getByText('Step 2 of 2: the code').waitFor();
    await dialog.getByText(`We sent a 6-digit code on WhatsApp to ${phone}.`).waitFor();

    // Closed before the code: the number is pending, and 'Verify number' reopens step 2 for it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await phoneSection.getByText(`We sent a code to ${phone}. Enter it to verify this number.`).waitFor();
    await phoneSection.getByText('Not verified').waitFor();
    await phoneSection.getByRole('button', { name: 'Verify number' }).click();
    await dialog.getByText('Step 2 of 2: the code').waitFor();
    await expect.poll(() => dialog.getByRole('note', { name: 'No code yet?' }).textContent()).toContain('join bol-bazaar');
    expect(await dialog.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(true);
    await dialog.getByLabel('OTP').fill(await readLatestCode(phone));
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your WhatsApp number is verified.').waitFor();
    await phoneSection.getByText('Verified', { exact: true }).waitFor();
    await phoneSection.getByText(phone).waitFor();
    await phoneSection.getByRole('button', { name: 'Change number' }).waitFor();

    // The server agrees.
    const status = await page.evaluate(async () => (await fetch('/auth/whatsapp-status', { credentials: 'include' })).json());
    expect(status).toMatchObject({ whatsapp_number: phone, whatsapp_verified: true });
    expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  it('deletes the account from the danger zone: logged out, and the login no longer works', async () => {
    const account = newAccount();
    // The journey before ended logged in, and a logged-in user opening /signup goes to /dashboard.
    await browser.context.clearCookies();
    const page = await browser.newPage('/signup');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Verification code').fill(await readLatestCode(account.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto('/settings');
    await page.getByRole('region', { name: 'Danger zone' }).getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByText('Are you sure you want to delete your account? This action cannot be undone.').waitFor();
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/login');
    await page.getByLabel('Username or email', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid username or password').waitFor();
  });

  // Last: it switches this browser profile to Hindi.
  it('a signup made with the Hindi interface gets its code email in Hindi', async () => {
    const account = newAccount();
    // The journey before ended logged in, and a logged-in user opening /signup goes to /dashboard.
    await browser.context.clearCookies();
    const page = await browser.newPage('/signup');
    await chooseLanguage(page, 'हिन्दी');
    await page.getByRole('heading', { name: 'अपना खाता बनाएँ' }).waitFor();
    await page.getByLabel('ईमेल', { exact: true }).fill(account.email);
    await page.getByLabel('यूज़रनेम', { exact: true }).fill(account.username);
    await page.getByLabel('पासवर्ड', { exact: true }).fill(account.password);
    await page.getByLabel('पासवर्ड दोबारा लिखें', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'साइन अप करें' }).click();
    await page.getByRole('heading', { name: 'अपना ईमेल वेरिफ़ाई करें' }).waitFor();

    const code = await readLatestCode(account.email);
    const [mail] = await outboxMessages(account.email);
    expect(mail.subject).toBe('आपका बोल बाज़ार वेरिफ़िकेशन कोड');
    expect(mail.text).toContain(`आपका वेरिफ़िकेशन कोड ${code} है।`);

    await page.getByLabel('वेरिफ़िकेशन कोड').fill(code);
    await page.getByRole('button', { name: 'वेरिफ़ाई करें' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await chooseLanguage(page, 'English');
  });
});
