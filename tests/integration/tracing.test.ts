import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, productBody } from '../factories/products.js';
import { makeImage } from '../factories/images.js';
import { newCredentials } from '../support/accounts.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { ApiClient, collect, waitFor } from '../support/client.js';
import { wsOnce } from '../support/subscriptions.js';

/**
 * Traces (docs/operations.md#traces): the real process with OTEL_EXPORTER_OTLP_ENDPOINT set sends its
 * spans as OTLP/HTTP (JSON) to a receiver in this test, and one trace goes from an HTTP request or a
 * socket message through the services and SQL to the outbox relay and the job or the live delivery
 * the change causes.
 */

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
  attributes: Record<string, unknown>;
}

const spans: ReceivedSpan[] = [];
let receiver: Server;
let server: ChildServer;

/** An OTLP/HTTP JSON receiver (the collector's documented protocol: POST /v1/traces, ExportTraceServiceRequest). */
function otlpReceiver(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
        const value = (v: AnyValue) => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: AnyValue }> };
            scopeSpans: Array<{ spans: Array<Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes?: Array<{ key: string; value: AnyValue }> }> }>;
          }>;
        };
        for (const rs of body.resourceSpans) {
          const service = String(value(rs.resource.attributes.find((a) => a.key === 'service.name')!.value));
          for (const ss of rs.scopeSpans) {
            for (const s of ss.spans) spans.push({ ...s, service, attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, value(a.value)])) });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
}

beforeAll(async () => {
  receiver = otlpReceiver();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  server = await startChildServer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}` } });
}, 60_000);

afterAll(async () => {
  await server?.cleanup();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function signedIn(): Promise<{ client: ApiClient; id: string }> {
  const client = new ApiClient(server.url);
  const creds = newCredentials();
  expect((await client.post('/auth/register', creds)).status).toBe(201);
  await server.sql('update users set email_verified = true where email = lower($1)', [creds.email]);
  const login = await client.post('/auth/login', { username: creds.username, password: creds.password });
  expect(login.status).toBe(200);
  return { client, id: login.body.user.uid as string };
}

const inTrace = (traceId: string) => spans.filter((s) => s.traceId === traceId);
const names = (traceId: string) => inTrace(traceId).map((s) => s.name);
/** Whether `child` descends from `ancestor` in its trace. */
function descends(child: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  const byId = new Map(inTrace(child.traceId).map((s) => [s.spanId, s]));
  for (let s: ReceivedSpan | undefined = child; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) if (s.spanId === ancestor.spanId) return true;
  return false;
}

describe('traces', () => {
  it('follow a product creation from its HTTP request through the service and SQL to the outbox relay and the indexing job', async () => {
    const { client } = await signedIn();
    const form = createForm(productBody({ title: 'Traced steel almirah' }), { thumbnail: { name: 'thumb.jpg', data: await makeImage() } });
    const res = await client.request('POST', '/seller/products/create', form);
    expect(res.status).toBe(201);

    const request = () => spans.find((s) => s.attributes['http.route'] === '/seller/products/create' || Object.values(s.attributes).includes('/seller/products/create'));
    await waitFor(() => !!request(), 20_000, 'the request span');
    const traceId = request()!.traceId;
    await waitFor(() => names(traceId).some((n) => n === 'job search-index'), 30_000, 'the indexing job in the same trace');
    const trace = inTrace(traceId);
    const root = trace.find((s) => !s.parentSpanId)!;
    expect(root).toBe(request());
    const service = trace.find((s) => s.name.startsWith('products.'));
    expect(service, names(traceId).join(', ')).toBeDefined();
    expect(descends(service!, root)).toBe(true);
    const sql = trace.filter((s) => s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql');
    expect(sql.some((s) => descends(s, service!))).toBe(true);
    const relay = trace.find((s) => s.name === 'outbox.relay product.changed')!;
    expect(relay).toBeDefined();
    expect(descends(relay, root)).toBe(true);
    const job = trace.find((s) => s.name === 'job search-index')!;
    expect(descends(job, relay)).toBe(true);
    // The job's own SQL is in it too.
    expect(sql.some((s) => descends(s, job))).toBe(true);
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['bolbazaar-all']));
  }, 90_000);

  it('follow a chat message sent over a socket through the service and SQL to its live delivery to the other participant', async () => {
    const [sender, recipient] = [await signedIn(), await signedIn()];
    const listening = recipient.client.ws();
    const events = collect<{ data?: { chatEvents: { type: string } } }>(listening, 'subscription { chatEvents { type conversationId } }');
    const talking = sender.client.ws();
    try {
      // The subscription is live once a first message reaches it.
      await waitFor(
        async () => {
          await wsOnce(talking, 'mutation Send($u: ID!, $c: String!) { sendChatMessage(userId: $u, content: $c) { id } }', { u: recipient.id, c: 'Namaste' });
          return events.events.length > 0;
        },
        15_000,
        'the recipient to hear a message',
      );
      const before = events.events.length;
      const sent = await wsOnce<{ sendChatMessage: { id: string } }>(talking, 'mutation SendTraced($u: ID!, $c: String!) { sendChatMessage(userId: $u, content: $c) { id } }', {
        u: recipient.id,
        c: 'Do you have 40 almirahs?',
      });
      expect(sent.errors).toBeUndefined();
      await waitFor(() => events.events.length > before, 10_000, 'the delivery');

      const root = () => spans.find((s) => s.name === 'graphql.ws SendTraced');
      await waitFor(() => !!root(), 20_000, 'the socket operation span');
      const traceId = root()!.traceId;
      await waitFor(() => names(traceId).includes('live.deliver chatEvents'), 20_000, 'the live delivery in the same trace');
      const trace = inTrace(traceId);
      expect(root()!.parentSpanId ?? null).toBeNull();
      const service = trace.find((s) => s.name === 'chat.send')!;
      expect(service, names(traceId).join(', ')).toBeDefined();
      expect(descends(service, root()!)).toBe(true);
      expect(trace.some((s) => s.name.startsWith('pg.query') && descends(s, service))).toBe(true);
      const delivery = trace.find((s) => s.name === 'live.deliver chatEvents')!;
      expect(descends(delivery, root()!)).toBe(true);
    } finally {
      await listening.dispose();
      await talking.dispose();
    }
  }, 90_000);
});
