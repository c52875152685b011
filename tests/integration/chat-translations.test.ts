import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import type { JsonBody } from '../support/client.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Translation on tap (docs/product.md#translation) with the OpenAI-compatible driver pointed at a local server
 * speaking chat completions: a message in the other language, kept per message version and language (a second
 * tap asks nothing; an edit asks again), the original unchanged; errors and timeouts are a clear 503.
 */
let app: TestApp;
let off: TestApp;
let server: Server;
let mode: 'ok' | 'error' | 'hang' = 'ok';
const asked: Array<{ model: string; system: string; user: string; auth: string | undefined }> = [];
let a: Seller;
let b: Seller;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; messages: Array<{ role: string; content: string }> };
    asked.push({ model: body.model, system: body.messages[0].content, user: body.messages[1].content, auth: req.headers.authorization });
    if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
    if (mode === 'hang') return; // never answers: the driver's timeout ends it
    if (mode === 'error') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
    const hindi = body.messages[0].content.includes('Devanagari');
    const text = hindi ? `हिंदी: ${body.messages[1].content}` : `English: ${body.messages[1].content}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: text } }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  [app, off] = await Promise.all([
    startTestApp({ TRANSLATION: 'openai', TRANSLATION_BASE_URL: url, TRANSLATION_API_KEY: 'sk-translate', TRANSLATION_MODEL: 'small-model', TRANSLATION_TIMEOUT_MS: '500' }),
    startTestApp(),
  ]);
  [a, b] = await Promise.all([createSeller(app), createSeller(app)]);
});
afterAll(async () => {
  await Promise.all([app?.close(), off?.close()]);
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

const TRANSLATE = 'query($id: ID!, $l: String!) { translateChatMessage(messageId: $id, language: $l) { text cached } }';

describe('translation on tap', () => {
  it('translates a message, keeps it per language and version, and asks again after an edit', async () => {
    const sent = await a.client.post(`/chat/${b.user.uid}/messages`, { content: 'Kal tak 40 kursi bhej dunga' });
    const id = sent.body.message.message_id;
    expect((await b.client.gql<{ chatTranslationAvailable: boolean }>('{ chatTranslationAvailable }')).data?.chatTranslationAvailable).toBe(true);
    const first = await b.client.gql<{ translateChatMessage: JsonBody }>(TRANSLATE, { id, l: 'en' });
    expect(first.data?.translateChatMessage).toEqual({ text: 'English: Kal tak 40 kursi bhej dunga', cached: false });
    expect(asked.at(-1)).toMatchObject({ model: 'small-model', user: 'Kal tak 40 kursi bhej dunga', auth: 'Bearer sk-translate' });
    expect(asked.at(-1)!.system).toContain('Hinglish');
    const n = asked.length;
    // Either participant's second tap is kept: nothing asked.
    const again = await a.client.get(`/chat/messages/${id}/translation?language=en`);
    expect(again.body).toEqual({ text: 'English: Kal tak 40 kursi bhej dunga', cached: true });
    expect(asked.length).toBe(n);
    const hindi = await b.client.gql<{ translateChatMessage: JsonBody }>(TRANSLATE, { id, l: 'hi' });
    expect(hindi.data?.translateChatMessage).toEqual({ text: 'हिंदी: Kal tak 40 kursi bhej dunga', cached: false });
    // The original is unchanged; an edit asks again.
    expect((await b.client.get(`/chat/${a.user.uid}/messages?limit=1`)).body.messages[0].content).toBe('Kal tak 40 kursi bhej dunga');
    await a.client.put(`/chat/messages/${id}/edit`, { content: 'Kal tak 50 kursi bhej dunga' });
    const edited = await b.client.gql<{ translateChatMessage: JsonBody }>(TRANSLATE, { id, l: 'en' });
    expect(edited.data?.translateChatMessage).toEqual({ text: 'English: Kal tak 50 kursi bhej dunga', cached: false });
  });

  it('refuses a stranger, a bad language and a failing or slow service with clear answers; nothing is kept', async () => {
    const sent = await a.client.post(`/chat/${b.user.uid}/messages`, { content: 'Rate kya hai?' });
    const id = sent.body.message.message_id;
    const stranger = await createSeller(app);
    expect((await stranger.client.get(`/chat/messages/${id}/translation?language=en`)).status).toBe(404);
    const bad = await b.client.get(`/chat/messages/${id}/translation?language=fr`);
    expect([bad.status, bad.body.message]).toEqual([400, 'Translate into en (English) or hi (Hindi)']);
    for (const m of ['error', 'hang'] as const) {
      mode = m;
      const failed = await b.client.request('GET', `/chat/messages/${id}/translation?language=en`, undefined, { 'accept-language': 'hi' });
      expect([m, failed.status, failed.body.message]).toEqual([m, 503, 'मैसेज का अभी अनुवाद नहीं हो सका; कृपया फिर से कोशिश करें']);
    }
    mode = 'ok';
    expect(await app.sql('select 1 from chat_translations where message_id = $1', [id])).toEqual([]);
  });

  it('is off by default: 503, and the client is told not to offer it', async () => {
    const [x, y] = await Promise.all([createSeller(off), createSeller(off)]);
    const sent = await x.client.post(`/chat/${y.user.uid}/messages`, { content: 'Namaste' });
    expect((await y.client.gql<{ chatTranslationAvailable: boolean }>('{ chatTranslationAvailable }')).data?.chatTranslationAvailable).toBe(false);
    const res = await y.client.get(`/chat/messages/${sent.body.message.message_id}/translation?language=hi`);
    expect([res.status, res.body.message]).toEqual([503, 'Translation is not available here']);
  });
});
