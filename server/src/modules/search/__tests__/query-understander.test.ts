import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryUnderstander, OpenAiQueryUnderstander, rulesUnderstander } from '../understanding/query-understander.js';
import { understandQuery } from '../understanding/understand.js';

/**
 * The OpenAI-compatible query understander against a local fake chat-completions server: the
 * model's valid filters are used, everything else is the rules' (the same contract), and any
 * failure (HTTP error, an answer not the JSON asked for, a timeout) answers with the rules.
 */

interface Seen {
  path: string;
  authorization: string | undefined;
  body: { model: string; response_format: unknown; messages: Array<{ role: string; content: string }> };
}
/** What the fake model does with the next request. */
let behave: { status?: number; content?: string; delayMs?: number } = {};
const seen: Seen[] = [];
let server: Server;
let baseUrl: string;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(text) as Seen['body'] });
      const answer = () => {
        res.writeHead(behave.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: behave.content ?? '{}' } }] }));
      };
      if (behave.delayMs) setTimeout(answer, behave.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  behave = {};
  seen.length = 0;
});

const model = (onFallback?: (e: unknown) => void) => new OpenAiQueryUnderstander({ baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 300 }, onFallback);

describe('OpenAI-compatible query understanding', () => {
  it('asks the chat-completions endpoint for JSON, with the key, the model and the buyer words', async () => {
    behave.content = '{"category":"Motorcycles"}';
    await model().understand('honda shine second hand in Lucknow');
    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe('/v1/chat/completions');
    expect(seen[0].authorization).toBe('Bearer test-key');
    expect(seen[0].body.model).toBe('test-model');
    expect(seen[0].body.response_format).toEqual({ type: 'json_object' });
    expect(seen[0].body.messages.at(-1)).toEqual({ role: 'user', content: 'honda shine second hand in Lucknow' });
  });

  it("uses the model's filters and keeps the rules' words: the same contract as the rules", async () => {
    behave.content = '```json\n{"category":"Motorcycles","condition":"used","location":"lucknow","max_price_rupees":40000,"quantity":null}\n```';
    const rules = understandQuery('honda shine second hand in Lucknow');
    expect(rules.filters.category).toBeUndefined();
    const u = await model().understand('honda shine second hand in Lucknow');
    expect(u.filters).toEqual({ category: 'Motorcycles', productType: 'used', location: 'Lucknow', maxPricePaise: 4_000_000n });
    expect({ ...u, filters: undefined }).toEqual({ ...rules, filters: undefined });
  });

  it('ignores what is not ours (an unknown category id, a place outside the gazetteer) and keeps the rules there', async () => {
    behave.content = '{"category":"Motorbikes","location":"Atlantis"}';
    const u = await model().understand('used laptop in Pune');
    expect(u.filters.category).toBe('Computers');
    expect(u.filters.location).toBe('Pune');
    expect(u.filters.productType).toBe('used');
  });

  it('answers with the rules when the model fails, says nonsense or is too slow', async () => {
    const failures: unknown[] = [];
    const rules = understandQuery('laptop 20 हज़ार से कम');
    for (const b of [{ status: 500 }, { content: 'I think it is a laptop' }, { content: '{"category": 7}' }, { delayMs: 2000, content: '{"category":"Toys"}' }]) {
      behave = b;
      const started = performance.now();
      const u = await model((e) => failures.push(e)).understand('laptop 20 हज़ार से कम');
      expect(u, JSON.stringify(b)).toEqual(rules);
      // The timeout (300 ms) bounds the wait, whatever the model does.
      expect(performance.now() - started).toBeLessThan(1500);
    }
    expect(failures).toHaveLength(4);
  });

  it('the rules are the default: no mode, another mode or no API key gives the rules, which never call out', async () => {
    expect(createQueryUnderstander({ baseUrl, model: 'm' })).toBe(rulesUnderstander);
    expect(createQueryUnderstander({ mode: 'rules', baseUrl, apiKey: 'k', model: 'm' })).toBe(rulesUnderstander);
    expect(createQueryUnderstander({ mode: 'openai', baseUrl, model: 'm' })).toBe(rulesUnderstander);
    expect(createQueryUnderstander({ mode: 'openai', baseUrl, apiKey: 'k', model: 'm' }).name).toBe('openai');
    expect(await rulesUnderstander.understand('used laptop under 30000')).toEqual(understandQuery('used laptop under 30000'));
    expect(seen).toHaveLength(0);
  });
});

describe('the rules kept by text', () => {
  it('give the same answer again, and a caller changing its copy changes nothing for the next one', async () => {
    const first = await rulesUnderstander.understand('used dell laptop under 30000 in Pune');
    expect(first).toEqual(understandQuery('used dell laptop under 30000 in Pune'));
    first.filters.category = 'Toys';
    first.goods.push('toy');
    first.optional.length = 0;
    first.text = 'changed';
    expect(await rulesUnderstander.understand('used dell laptop under 30000 in Pune')).toEqual(understandQuery('used dell laptop under 30000 in Pune'));
  });
});
