import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TRANSCRIPT } from '../support/fake-speech.js';
import { apiAccount, browserDescribe, launchBrowser, type BrowserSession } from './support/browser.js';
import { shot } from './support/shots.js';

const journey = browserDescribe(describe);
const PHONE = { width: 390, height: 844 };
/** Chromium's fake microphone (a beep each second), allowed without asking. */
const FAKE_MIC = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

async function uid(session: BrowserSession): Promise<string> {
  const me = await session.context.request.get('/auth/user');
  return ((await me.json()) as { user: { uid: string } }).user.uid;
}

async function chatWith(session: BrowserSession, peerId: string, language: 'en' | 'hi'): Promise<Page> {
  const page = await session.newPage('/');
  await page.evaluate((lang) => {
    window.localStorage.setItem('bb.loggedIn', '1');
    window.localStorage.setItem('bb.language', lang);
  }, language);
  await page.goto(`/chat?with=${peerId}`);
  return page;
}

/**
 * Voice notes on a phone (docs/product.md#voice-notes): the seller holds the record button (a fake
 * microphone in Chromium) and lets go; the buyer, in Hindi, sees the note arrive live, unplayed, plays it,
 * and the mark clears (the server has it played). Tap-to-record from the keyboard sends and cancels.
 */
journey('voice notes on a phone', () => {
  let seller: BrowserSession;
  let buyer: BrowserSession;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([launchBrowser({ viewport: PHONE, args: FAKE_MIC, permissions: ['microphone'] }), launchBrowser({ viewport: PHONE })]);
    await Promise.all([apiAccount(seller), apiAccount(buyer)]);
  });
  afterAll(async () => {
    await Promise.all([seller?.close(), buyer?.close()]);
  });

  it('a held record button sends a voice note; the buyer sees it live, plays it, and its unplayed mark clears', async () => {
    const [sellerId, buyerId] = await Promise.all([uid(seller), uid(buyer)]);
    const buyerPage = await chatWith(buyer, sellerId, 'hi');
    await buyerPage.getByRole('textbox', { name: 'मैसेज' }).waitFor();
    const sellerPage = await chatWith(seller, buyerId, 'en');

    // Hold to record: the panel shows the timer and the hint; letting go sends.
    const record = sellerPage.getByRole('button', { name: 'Record a voice note (hold to record, or tap for hands-free)' });
    await record.scrollIntoViewIfNeeded();
    const box = (await record.boundingBox())!;
    await sellerPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await sellerPage.mouse.down();
    const panel = sellerPage.getByRole('group', { name: 'Recording a voice note' });
    await panel.getByRole('timer', { name: /^Recorded 0:0[1-9] of 2:00$/ }).waitFor({ timeout: 20_000 });
    await panel.getByText('‹ Slide to cancel').waitFor();
    await shot(sellerPage, 'phone-voice-recording.png');
    await sellerPage.waitForTimeout(1500);
    await sellerPage.mouse.up();
    const sent = sellerPage.getByRole('group', { name: /^Voice note, 0:0[2-9]$/ });
    await sent.waitFor({ timeout: 30_000 });

    // The buyer's open conversation shows it without a reload, unplayed, in Hindi.
    const unplayed = buyerPage.getByRole('group', { name: /^वॉइस नोट, 0:0[2-9], अभी सुना नहीं गया$/ });
    await unplayed.waitFor({ timeout: 30_000 });
    expect(await unplayed.locator('.voice-note__bar').count()).toBe(48);
    await shot(buyerPage, 'phone-voice-note-hi.png');
    await buyerPage.setViewportSize({ width: 320, height: 640 });
    await shot(buyerPage, 'phone-320-voice-note-hi.png');
    await buyerPage.setViewportSize(PHONE);

    await unplayed.getByRole('button', { name: 'वॉइस नोट चलाएँ' }).click();
    // The speech driver points at the journeys' transcription server: the words arrive under the note, live.
    await buyerPage.getByText(E2E_TRANSCRIPT).waitFor({ timeout: 30_000 });
    await sellerPage.getByText(E2E_TRANSCRIPT).waitFor({ timeout: 30_000 });
    const played = buyerPage.getByRole('group', { name: /^वॉइस नोट, 0:0[2-9]$/ });
    await played.waitFor({ timeout: 20_000 });
    expect(await played.locator('.voice-note__unplayed').count()).toBe(0);
    await played.getByRole('button', { name: 'चलने की रफ़्तार 1x: बदलें' }).click();
    await played.getByRole('button', { name: 'चलने की रफ़्तार 1.5x: बदलें' }).waitFor();
    const listed = await seller.context.request.get(`/chat/${buyerId}/messages?limit=5`);
    const notes = ((await listed.json()) as { messages: Array<{ kind: string; voice_note: { played: boolean; duration_ms: number; content_type: string } | null }> }).messages.filter((m) => m.kind === 'voice');
    expect(notes).toHaveLength(1);
    expect(notes[0].voice_note).toMatchObject({ played: true, content_type: expect.stringMatching(/^audio\/(webm|ogg|mp4)$/) });
    expect(notes[0].voice_note!.duration_ms).toBeGreaterThan(1500);

    // Hands-free from the keyboard: Enter starts, focus moves to Send; Cancel throws it away.
    await record.focus();
    await sellerPage.keyboard.press('Enter');
    const send = panel.getByRole('button', { name: 'Send' });
    await send.waitFor();
    await expect.poll(() => send.evaluate((el) => el === document.activeElement)).toBe(true);
    await sellerPage.setViewportSize({ width: 320, height: 640 });
    await shot(sellerPage, 'phone-320-voice-hands-free.png');
    await panel.getByRole('button', { name: 'Cancel the voice note' }).click();
    await panel.waitFor({ state: 'detached' });
    await record.focus();
    await sellerPage.keyboard.press('Enter');
    await panel.getByRole('timer', { name: /^Recorded 0:0[1-9] of 2:00$/ }).waitFor({ timeout: 20_000 });
    await sellerPage.keyboard.press('Enter');
    await expect.poll(async () => sellerPage.getByRole('group', { name: /^Voice note, 0:0\d$/ }).count(), { timeout: 30_000 }).toBe(2);
    await buyerPage.getByRole('group', { name: /अभी सुना नहीं गया$/ }).waitFor({ timeout: 30_000 });

    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  }, 180_000);

  it("the assistant's mic in a browser without a speech recogniser records, and the server's words land in the box", async () => {
    // The seller's browser stands for Firefox here: no SpeechRecognition at all.
    await seller.context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
    });
    const page = await chatWith(seller, await uid(buyer), 'en');
    await page.goto('/');
    await page.getByRole('button', { name: 'Speak', exact: true }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    const mic = dialog.getByRole('button', { name: 'Start speaking' });
    await mic.click();
    await dialog.getByText('Recording… tap the mic again when you are done.').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    await dialog.getByRole('button', { name: 'Stop and write out what I said' }).click();
    await expect.poll(() => dialog.locator('#search-assistant-text').inputValue(), { timeout: 30_000 }).toBe(E2E_TRANSCRIPT);
    await expect.poll(() => dialog.locator('#search-assistant-text').evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, 'phone-assistant-server-speech.png');
    expect(seller.errors).toEqual([]);
  }, 120_000);

  it('a voice note recorded offline waits on the phone and is sent once, when back online', async () => {
    const [sellerId, buyerId] = await Promise.all([uid(seller), uid(buyer)]);
    const page = await chatWith(seller, buyerId, 'en');
    const record = page.getByRole('button', { name: 'Record a voice note (hold to record, or tap for hands-free)' });
    await record.waitFor();
    const notesOnBuyerSide = async () => {
      const res = await buyer.context.request.get(`/chat/${sellerId}/messages?limit=50`);
      return ((await res.json()) as { messages: Array<{ kind: string }> }).messages.filter((m) => m.kind === 'voice').length;
    };
    const before = await notesOnBuyerSide();
    await page.context().setOffline(true);
    try {
      await record.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('group', { name: 'Recording a voice note' });
      await panel.getByRole('timer', { name: /^Recorded 0:0[1-9] of 2:00$/ }).waitFor({ timeout: 20_000 });
      await panel.getByRole('button', { name: 'Send' }).click();
      const queued = page.getByRole('list', { name: 'Messages waiting to be sent' });
      await queued.getByText('Voice note', { exact: true }).waitFor();
      await queued.getByText('Waiting for network').waitFor();
      await shot(page, 'phone-voice-offline.png');
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
    await page.getByRole('list', { name: 'Messages waiting to be sent' }).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(notesOnBuyerSide, { timeout: 30_000 }).toBe(before + 1);
    // Once: a moment later there is still one more, not two.
    await page.waitForTimeout(1000);
    expect(await notesOnBuyerSide()).toBe(before + 1);
    expect(seller.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|net::ERR|Failed to fetch|WebSocket/.test(e))).toEqual([]);
  }, 120_000);
});
