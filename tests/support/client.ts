import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';

/**
 * A JSON answer as tests read it: any shape, checked by the assertions that read it (a test is where a
 * wrong shape should fail, at the assertion, not at compile time).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type JsonBody = Record<string, any>;

export interface GqlResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; details?: Record<string, unknown> } }>;
}

/**
 * An HTTP client with a cookie jar, like one browser: REST shim calls and GraphQL operations
 * share the session cookie.
 */
export class ApiClient {
  cookie: string | null = null;
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
    const headers: Record<string, string> = { accept: 'application/json', ...this.headers, ...extraHeaders };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (this.cookie) headers.cookie = this.cookie;
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    this.absorb(res);
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, headers: res.headers, body: json as JsonBody };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  put = (path: string, body?: unknown) => this.request('PUT', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  async gql<T = JsonBody>(query: string, variables?: Record<string, unknown>): Promise<GqlResult<T> & { status: number }> {
    const res = await this.request('POST', '/graphql', { query, variables });
    return { ...(res.body as GqlResult<T>), status: res.status };
  }

  /** A graphql-ws client over a socket carrying this client's cookie. */
  ws(opts: { onClose?: (code: number) => void } = {}): Client {
    const url = this.baseUrl.replace(/^http/, 'ws') + '/graphql';
    const cookie = this.cookie;
    class CookieSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: cookie ? { cookie } : {} });
      }
    }
    return createClient({
      url,
      webSocketImpl: CookieSocket,
      retryAttempts: 0,
      lazy: true,
      on: { closed: (e) => opts.onClose?.((e as { code: number }).code) },
    });
  }

  private absorb(res: Response) {
    const set = res.headers.getSetCookie();
    for (const c of set) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      if (name !== 'bb_sid') continue;
      this.cookie = value ? `${name}=${value}` : null;
      if (/expires=Thu, 01 Jan 1970/i.test(c) || !value) this.cookie = null;
    }
  }
}

/** Runs one subscription over graphql-ws and collects its events. */
export function collect<T = unknown>(client: Client, query: string, variables?: Record<string, unknown>) {
  const events: T[] = [];
  const errors: unknown[] = [];
  let done = false;
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => events.push(v as T),
      error: (e) => {
        errors.push(e);
        done = true;
      },
      complete: () => {
        done = true;
      },
    },
  );
  return { events, errors, isDone: () => done, dispose };
}

export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
