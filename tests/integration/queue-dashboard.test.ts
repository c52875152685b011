import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor, type JsonBody } from '../support/client.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Bull Board under /operator/queues (docs/operations.md#queue-dashboard): operators only (anyone else
 * gets the 404 of an unknown endpoint: the page, its API and its files); retry, clean and promote each
 * write a row of the moderation audit log; other changes are refused; the page keeps the app's CSP.
 */
let app: TestApp;
let operator: Seller;
let buyer: Seller;
/** The queue the tests fail jobs in: no worker of the app runs here, so its jobs stay where the test puts them. */
const QUEUE = 'orders';

beforeAll(async () => {
  app = await startTestApp({}, { worker: false });
  [operator, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
  // The role as the `operator add` command sets it (moderation.test.ts runs the command itself).
  await app.sql('update users set operator = true where id = $1', [operator.user.uid]);
});
afterAll(() => app?.close());

const page = (client: ApiClient, path = '/operator/queues') => client.request('GET', path, undefined, { accept: 'text/html,application/xhtml+xml' });
const actions = async (): Promise<JsonBody[]> => {
  const res = await operator.client.get('/operator/actions?limit=50');
  expect(res.status).toBe(200);
  return res.body.actions;
};

/** Jobs of QUEUE that failed (a worker of the test's own fails each once). */
async function failedJobs(n: number): Promise<string[]> {
  const queue = app.infra.queues.queue(QUEUE);
  const jobs = await Promise.all(Array.from({ length: n }, (_, i) => queue.add('dashboard-test', { n: i }, { attempts: 1 })));
  const connection = new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker(QUEUE, () => Promise.reject(new Error('failed on purpose')), { connection, prefix: app.config.REDIS_PREFIX });
  try {
    await waitFor(async () => (await Promise.all(jobs.map((j) => j.getState()))).every((s) => s === 'failed'), 10_000, 'the jobs to fail');
  } finally {
    await worker.close();
    connection.disconnect();
  }
  return jobs.map((j) => j.id!);
}

describe('the queue dashboard', () => {
  it("is an operator's: the page, its API (every queue) and its files, under the app's Content-Security-Policy", async () => {
    const res = await page(operator.client);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = res.body as unknown as string;
    expect(html).toContain('<title>Bol Bazaar queues</title>');
    expect(html).toContain('<base href="/operator/queues/" />');
    // No request to another origin for the CSP to refuse (the board's page asks Google Fonts).
    expect(html).not.toMatch(/https?:\/\//);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const script = html.match(/src="(static\/js\/main\.[\w.]+\.js)"/)![1];
    const file = await operator.client.request('GET', `/operator/queues/${script}`);
    expect(file.status).toBe(200);

    const api = await operator.client.get('/operator/queues/api/queues');
    expect(api.status).toBe(200);
    const names = (api.body.queues as Array<{ name: string }>).map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(['orders', 'order-expiry', 'search-index', 'questions']));
  });

  it('is a 404 for a buyer and a visitor, as an unknown endpoint is: page, API, files and changes', async () => {
    const visitor = new ApiClient(app.url);
    for (const client of [buyer.client, visitor]) {
      for (const [method, path] of [
        ['GET', '/operator/queues'],
        ['GET', '/operator/queues/api/queues'],
        ['GET', '/operator/queues/static/js/nothing.js'],
        ['PUT', `/operator/queues/api/queues/${QUEUE}/retry/failed`],
      ] as const) {
        const res = method === 'GET' && path === '/operator/queues' ? await page(client) : await client.request(method, path, method === 'PUT' ? {} : undefined);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: `No such endpoint: ${method} ${path}` });
      }
    }
    expect(await actions()).toEqual([]);
  });

  it('a retry, of every failed job or of one, and a clean each write an audit row naming the queue and the jobs', async () => {
    await failedJobs(2);
    const queue = app.infra.queues.queue(QUEUE);

    const all = await operator.client.put(`/operator/queues/api/queues/${QUEUE}/retry/failed`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(await queue.getJobCounts('failed', 'waiting')).toEqual({ failed: 0, waiting: 2 });
    const [retried] = await actions();
    expect(retried).toMatchObject({ action: 'retry_jobs', operator: operator.username, note: `retry, queue ${QUEUE}: every failed job`, user_id: null });

    await queue.obliterate({ force: true });
    const [third] = await failedJobs(1);
    const one = await operator.client.put(`/operator/queues/api/queues/${QUEUE}/${third}/retry`);
    expect(one.status, JSON.stringify(one.body)).toBe(204);
    expect(await (await queue.getJob(third))!.getState()).toBe('waiting');
    expect((await actions())[0]).toMatchObject({ action: 'retry_jobs', note: `retry, queue ${QUEUE}: job ${third}` });

    // Cleaning one job removes it; cleaning a state removes its jobs older than 5 s (Bull Board's grace time).
    await queue.obliterate({ force: true });
    const [fourth] = await failedJobs(1);
    const cleanOne = await operator.client.put(`/operator/queues/api/queues/${QUEUE}/${fourth}/clean`);
    expect(cleanOne.status, JSON.stringify(cleanOne.body)).toBe(204);
    expect(await queue.getJob(fourth)).toBeUndefined();
    expect((await actions())[0]).toMatchObject({ action: 'clean_jobs', note: `clean, queue ${QUEUE}: job ${fourth}` });
    const cleanAll = await operator.client.put(`/operator/queues/api/queues/${QUEUE}/clean/failed`);
    expect(cleanAll.status, JSON.stringify(cleanAll.body)).toBe(200);
    expect((await actions())[0]).toMatchObject({ action: 'clean_jobs', note: `clean, queue ${QUEUE}: every failed job` });
    expect((await actions()).map((a) => a.action)).toEqual(['clean_jobs', 'clean_jobs', 'retry_jobs', 'retry_jobs']);
  });

  it('refuses any other change (pause, add, empty) in English and Hindi, changing nothing and logging nothing', async () => {
    const before = (await actions()).length;
    const queue = app.infra.queues.queue(QUEUE);
    const counts = await queue.getJobCounts();
    for (const [path, body] of [
      [`/operator/queues/api/queues/${QUEUE}/pause`, {}],
      [`/operator/queues/api/queues/${QUEUE}/empty`, {}],
      [`/operator/queues/api/queues/pause`, { queues: [QUEUE] }],
    ] as const) {
      const res = await operator.client.put(path, body);
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'The queue dashboard only retries, cleans and promotes jobs' });
    }
    const added = await operator.client.post(`/operator/queues/api/queues/${QUEUE}/add`, { name: 'x', data: {} });
    expect(added.status).toBe(403);
    const hindi = await new ApiClient(app.url, { 'x-locale': 'hi' }).request('PUT', `/operator/queues/api/queues/${QUEUE}/pause`, {}, { cookie: operator.client.cookie! });
    expect(hindi.body.message).toBe('क्यू डैशबोर्ड से सिर्फ़ जॉब दोबारा चलाए, साफ़ किए या आगे बढ़ाए जा सकते हैं');
    expect(await queue.isPaused()).toBe(false);
    expect(await queue.getJobCounts()).toEqual(counts);
    expect(await actions()).toHaveLength(before);
  });
});
