import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRest } from '../factories/search.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

/**
 * QUERY_UNDERSTANDING=openai through the whole app: POST /products/search asks the configured
 * OpenAI-compatible model (here a local fake) for the filters, and answers with the rules when the
 * model fails. The rules stay the default (every other test file runs on them).
 */

/** What the fake model answers: a JSON content, or an HTTP status to fail with. */
let reply: { content?: string; status?: number } = {};
let asked = 0;
let server: Server;
let app: TestApp;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      asked += 1;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply.content ?? '{}' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  app = await startTestApp(
    { QUERY_UNDERSTANDING: 'openai', QUERY_UNDERSTANDING_TIMEOUT_MS: '500', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake' },
    { worker: false },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('query understanding by a configured model', () => {
  it("uses the model's filters for a search", async () => {
    reply = { content: '{"category":"Motorcycles","condition":"used","location":"Lucknow"}' };
    asked = 0;
    const res = await searchRest(new ApiClient(app.url), { query: 'honda shine second hand in Lucknow' });
    expect(res.status).toBe(200);
    expect(asked).toBe(1);
    expect(res.body.filters).toMatchObject({ category: 'Motorcycles', product_type: 'used', location: 'Lucknow' });
  });

  it('answers with the rules when the model fails', async () => {
    reply = { status: 503 };
    asked = 0;
    const res = await searchRest(new ApiClient(app.url), { query: 'used laptop under 30000' });
    expect(res.status).toBe(200);
    expect(asked).toBe(1);
    expect(res.body.filters).toMatchObject({ category: 'Computers', product_type: 'used', max_price: '30000.00' });
  });
});
