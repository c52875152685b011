import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('health and status', () => {
  it('GET /healthz answers ok', async () => {
    const res = await new ApiClient(app.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks PostgreSQL and Redis', async () => {
    const res = await new ApiClient(app.url).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toMatchObject({ postgres: 'ok', redis: 'ok' });
  });

  it('GET / is the API status for API calls', async () => {
    const res = await new ApiClient(app.url).get('/');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('unknown API paths answer 404 with message and code', async () => {
    const res = await new ApiClient(app.url).get('/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such endpoint: GET /no/such/thing', code: 'NOT_FOUND' });
  });

  it("answers GraphiQL's full introspection query within the default limits", async () => {
    const res = await new ApiClient(app.url).gql(getIntrospectionQuery());
    expect(res.errors).toBeUndefined();
    expect(res.data?.__schema.queryType.name).toBe('Query');
  });
});
