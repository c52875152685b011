import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../../server/src/app/server.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows, expectGqlError } from '../support/accounts.js';
import { ApiClient } from '../support/client.js';
import { createProduct, type RestProduct, type RestQuestion } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

let app: TestApp;
let seller: Seller;

beforeAll(async () => {
  app = await startTestApp();
  seller = await createSeller(app);
});
afterAll(() => app?.close());

const generate = (client: ApiClient, body: unknown) => client.post('/seller/products/questions/generate', body);
const questionsOf = (res: { body: Record<string, unknown> }) => (res.body.questions as { questions: RestQuestion[] }).questions;

describe('generating questions (rule-based generator, through a BullMQ job)', () => {
  it('draws on the description: quantity, the measurement it mentions, delivery, GST, customisation, bulk', async () => {
    const res = await generate(seller.client, {
      description: 'Cotton T-shirts, 180 gsm, custom logo printing available. Bulk orders of 500 pcs, delivery across India, GST invoice.',
      category: 'MensClothing',
    });
    expect(res.status).toBe(200);
    const qs = questionsOf(res);
    const texts = qs.map((q) => q.question);
    expect(texts).toContain('How many units do you need?');
    expect(texts).toContain('Which sizes do you need, and how many of each?');
    expect(texts).toContain('Where should the order be delivered (city and PIN code)?');
    expect(texts).toContain('By what date do you need delivery?');
    expect(texts).toContain('Do you need a GST invoice?');
    expect(texts).toContain('Do you need customisation (logo, branding or colour)?');
    expect(texts).toContain('Are you looking for a bulk or wholesale price?');
    expect(new Set(qs.map((q) => q.question_type))).toEqual(new Set(['YesNo', 'FreeResponse']));
    expect(qs.every((q) => /^[0-9a-f-]{36}$/.test(q.id) && typeof q.mandatory === 'boolean')).toBe(true);
    expect(qs.find((q) => q.question === 'Do you need a GST invoice?')!.mandatory).toBe(true);
    expect(res.body.message).toBe(`Generated ${qs.length} questions`);
  });

  it('is category-aware and quotes a specification from the description', async () => {
    const res = await generate(seller.client, { description: 'Brake pads for hatchbacks, 12 mm thick', category: 'CarParts' });
    const texts = questionsOf(res).map((q) => q.question);
    expect(texts).toContain('Which vehicle make, model and year is it for?');
    expect(texts).toContain('The listing mentions 12 mm. Is that the specification you need?');
  });

  it('asks in Hindi for a Hindi request', async () => {
    const byHeader = await new ApiClient(app.url, { 'x-locale': 'hi' }).request('POST', '/seller/products/questions/generate', { description: 'थोक में स्टील की बोतलें' }, { cookie: seller.client.cookie! });
    expect(byHeader.status).toBe(200);
    const texts = questionsOf(byHeader).map((q) => q.question);
    expect(texts).toContain('आपको कितने पीस चाहिए?');
    expect(texts).toContain('क्या आपको थोक (होलसेल) रेट चाहिए?');
    const byField = await generate(seller.client, { description: 'Steel bottles', language: 'hi' });
    expect(questionsOf(byField).every((q) => /[\u0900-\u097F]/.test(q.question))).toBe(true);
  });

  it('needs a description: "Description is required to generate questions"', async () => {
    for (const body of [{}, { description: '' }, { description: '   ' }]) {
      const res = await generate(seller.client, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Description is required to generate questions');
    }
    const gql = await seller.client.gql(`mutation { generateProductQuestions(input: { description: "" }) { id } }`);
    expectGqlError(gql, 'BAD_USER_INPUT', 'Description is required to generate questions');
  });

  it('needs a login', async () => {
    const res = await generate(new ApiClient(app.url), { description: 'Chairs' });
    expect(res.status).toBe(401);
  });

  it("per product: uses the product's own description, title and category when none is given", async () => {
    const p = await createProduct(seller.client, { description: 'Used forklift, 3 ton capacity', category: 'IndustrialEquipment', product_type: 'used' });
    const res = await seller.client.post(`/seller/products/${p.product_id}/questions/generate`, {});
    expect(res.status).toBe(200);
    const texts = questionsOf(res).map((q) => q.question);
    expect(texts).toContain('Do you need installation, training or an annual maintenance contract (AMC)?');
    expect(texts).toContain('The listing mentions 3 ton. Is that the specification you need?');
    expect(texts).toContain("Would you like recent photos or a video of the item's condition?");
    // Suggestions only: nothing is saved until the seller sets them.
    expect((await seller.client.get(`/seller/products/${p.product_id}/questions`)).body.questions.questions).toEqual([]);
  });

  it('GraphQL generates the same questions', async () => {
    const gql = await seller.client.gql(`mutation($input: GenerateQuestionsInput!) { generateProductQuestions(input: $input) { id question questionType mandatory } }`, {
      input: { description: 'Office chairs with a 2 year warranty', category: 'Furniture' },
    });
    expect(gql.errors).toBeUndefined();
    const texts = (gql.data!.generateProductQuestions as Array<{ question: string }>).map((q) => q.question);
    expect(texts).toContain('Do you need installation or assembly?');
  });
});

describe("a product's questions", () => {
  let product: RestProduct;
  beforeAll(async () => {
    product = await createProduct(seller.client, { title: 'Questions product' });
  });
  const url = () => `/seller/products/${product.product_id}/questions`;
  const events = () => countRows(app, 'outbox_events', `topic = 'product.changed' and payload->>'productId' = $1`, [product.product_id]);

  it('sets questions in either spelling of question_type, and reads them back', async () => {
    const before = await events();
    const res = await seller.client.post(`${url()}/set`, {
      questions: [
        { question: ' How many units? ', question_type: 'free_response', mandatory: true },
        { question: 'GST invoice needed?', question_type: 'yes_no' },
        { question: 'Delivery to Pune?', question_type: 'YesNo', mandatory: false },
        { id: 'keep-me', question: 'Any colour?', question_type: 'FreeResponse' },
      ],
    });
    expect(res.status).toBe(200);
    expect(questionsOf(res).map((q) => [q.question, q.question_type, q.mandatory])).toEqual([
      ['How many units?', 'FreeResponse', true],
      ['GST invoice needed?', 'YesNo', false],
      ['Delivery to Pune?', 'YesNo', false],
      ['Any colour?', 'FreeResponse', false],
    ]);
    expect(questionsOf(res)[3].id).toBe('keep-me');
    expect(await events()).toBe(before + 1);
    // Buyers read them to inquire.
    const publicRead = await new ApiClient(app.url).get(url());
    expect(publicRead.status).toBe(200);
    expect(questionsOf(publicRead)).toEqual(questionsOf(res));
  });

  it.each([
    ['a question without text', { questions: [{ question: '', question_type: 'yes_no' }] }, 'Each question needs some text'],
    ['an unknown type', { questions: [{ question: 'Colour?', question_type: 'multiple_choice' }] }, 'Question type must be yes_no or free_response'],
    ['21 questions', { questions: Array.from({ length: 21 }, (_, i) => ({ question: `Q${i}?`, question_type: 'yes_no' })) }, 'At most 20 questions allowed'],
    ['not a list', { questions: 'Colour?' }, 'Questions must be a list'],
  ])('refuses %s and keeps the saved questions', async (_name, body, message) => {
    const saved = questionsOf(await seller.client.get(url()));
    const before = await events();
    const res = await seller.client.post(`${url()}/set`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(questionsOf(await seller.client.get(url()))).toEqual(saved);
    expect(await events()).toBe(before);
  });

  it("a disabled product's questions are its seller's only: a stranger or a visitor gets 404", async () => {
    const hidden = await createProduct(seller.client, {
      title: 'Hidden questions',
      custom_questions: { questions: [{ question: 'How many?', question_type: 'free_response' }] },
    });
    expect((await seller.client.put(`/seller/products/${hidden.product_id}`, { enabled: false })).status).toBe(200);
    const stranger = await createSeller(app);
    for (const client of [stranger.client, new ApiClient(app.url)]) {
      const res = await client.get(`/seller/products/${hidden.product_id}/questions`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    }
    const own = await seller.client.get(`/seller/products/${hidden.product_id}/questions`);
    expect(own.status).toBe(200);
    expect(questionsOf(own).map((q) => q.question)).toEqual(['How many?']);
  });

  it('GraphQL sets questions too', async () => {
    const gql = await seller.client.gql(
      `mutation($id: ID!, $qs: [CustomQuestionInput!]!) { setProductQuestions(id: $id, questions: $qs) { customQuestions { question questionType mandatory } } }`,
      { id: product.product_id, qs: [{ question: 'Need installation?', questionType: 'yes_no', mandatory: true }] },
    );
    expect(gql.data!.setProductQuestions).toEqual({ customQuestions: [{ question: 'Need installation?', questionType: 'YesNo', mandatory: true }] });
  });
});

describe('when the question job does not finish', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // No worker: the job waits in the queue until the request gives up.
    slow = await startTestApp({ QUESTION_JOB_TIMEOUT_MS: '300' }, { worker: false });
  });
  afterAll(() => slow?.close());

  it('answers TIMEOUT with a clear message after QUESTION_JOB_TIMEOUT_MS (300 ms here), before a worker that starts later could answer', async () => {
    const s = await createSeller(slow);
    const started = Date.now();
    const answer = s.client.post('/seller/products/questions/generate', { description: 'Chairs' });
    let answeredAt: number | null = null;
    void answer.then(() => (answeredAt = Date.now()));
    // A worker starts 3 s later (10x the setting, a fifth of the default 15 s): had the request not given up
    // at its own setting, the worker would answer the job and the request would get its questions.
    await new Promise((r) => setTimeout(r, 3000));
    const worker: AppHandle = await startApp(slow.config, { api: false, worker: true, log: pino({ level: 'silent' }) });
    try {
      const res = await answer;
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({ code: 'TIMEOUT', message: 'Failed to generate questions: the generator took too long. Please try again.' });
      expect(answeredAt! - started).toBeGreaterThanOrEqual(250);
      // The abandoned job was withdrawn: the worker found nothing to answer.
      await new Promise((r) => setTimeout(r, 300));
      expect(await slow.infra.queues.queue('questions').getJobCounts('waiting', 'active', 'completed')).toEqual({ waiting: 0, active: 0, completed: 0 });
    } finally {
      await worker.close();
    }
  });
});

describe('OpenAI-compatible generator', () => {
  let llm: Server;
  let requests: Array<{ auth: string | undefined; body: { model: string; messages: Array<{ role: string; content: string }> } }> = [];
  let reply: (n: number) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
  let ai: TestApp;

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString());
  };

  beforeAll(async () => {
    llm = createServer(async (req, res) => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      requests.push({ auth: req.headers.authorization, body: await readBody(req) });
      const { status, body } = reply(requests.length);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
    const port = (llm.address() as AddressInfo).port;
    ai = await startTestApp({
      QUESTION_GENERATOR: 'openai',
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'test-model',
    });
  });
  afterAll(async () => {
    await ai?.close();
    await new Promise((r) => llm.close(r));
  });

  const completion = (content: string) => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content } }] } });

  it('asks the model in the request language and returns its questions', async () => {
    requests = [];
    reply = () =>
      completion(
        '```json\n' +
          JSON.stringify({
            questions: [
              { question: 'कितने पीस चाहिए?', question_type: 'free_response', mandatory: true },
              { question: 'क्या GST बिल चाहिए?', question_type: 'yes_no' },
            ],
          }) +
          '\n```',
      );
    const s = await createSeller(ai);
    const res = await s.client.post('/seller/products/questions/generate', { description: 'Steel bottles', language: 'hi', category: 'Kitchen' });
    expect(res.status).toBe(200);
    expect(questionsOf(res).map((q) => [q.question, q.question_type, q.mandatory])).toEqual([
      ['कितने पीस चाहिए?', 'FreeResponse', true],
      ['क्या GST बिल चाहिए?', 'YesNo', false],
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0].auth).toBe('Bearer sk-test');
    expect(requests[0].body.model).toBe('test-model');
    const prompt = requests[0].body.messages.find((m) => m.role === 'user')!.content;
    expect(prompt).toContain('Hindi');
    expect(prompt).toContain('Steel bottles');
    expect(prompt).toContain('Kitchen');
  });

  it.each([
    ['the model fails', () => ({ status: 500, body: { error: 'down' } })],
    ['the model answers something that is not the JSON asked for', () => completion('Sure! Here are some questions: ...')],
    ['the model answers no questions', () => completion('{"questions": []}')],
  ])('answers "Failed to generate questions" when %s', async (_name, answer) => {
    reply = answer;
    const s = await createSeller(ai);
    const res = await s.client.post('/seller/products/questions/generate', { description: 'Steel bottles' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Failed to generate questions', code: 'SERVICE_UNAVAILABLE' });
  });
});
