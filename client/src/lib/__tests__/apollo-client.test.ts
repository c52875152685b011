import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterDocument } from '../../graphql/generated';
import { createAppApolloClient } from '../apollo-client';
import { changeLanguage } from '../i18n';

/** The app's real Apollo Client over a fetch that records each request's headers. */
function clientWithRecordedFetch() {
  const seen: Array<Record<string, string>> = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    seen.push(Object.fromEntries(new Headers(init?.headers).entries()));
    const body = {
      data: {
        register: {
          __typename: 'User',
          id: 'u1',
          username: 'asha',
          email: 'asha@example.com',
          emailVerified: false,
          language: 'hi',
          emailCodeResendAfterSeconds: 60,
        },
      },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { ...createAppApolloClient(), seen };
}

const register = (client: ReturnType<typeof clientWithRecordedFetch>['client']) =>
  client.mutate({ mutation: RegisterDocument, variables: { input: { email: 'asha@example.com', username: 'asha', password: 'Sturdy#Pass1' } } });

describe('the app Apollo Client tells the server the interface language', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends x-locale: hi with a signup made in Hindi (the account language, so its code email is in Hindi)', async () => {
    await changeLanguage('hi');
    const { client, seen } = clientWithRecordedFetch();
    await register(client);
    expect(seen).toHaveLength(1);
    expect(seen[0]['x-locale']).toBe('hi');
    // The CSRF preflight header is still there.
    expect(seen[0]['apollo-require-preflight']).toBe('true');
  });

  it('follows a language switch without a new client', async () => {
    const { client, seen } = clientWithRecordedFetch();
    await register(client);
    await changeLanguage('hi');
    await register(client);
    await changeLanguage('en');
    await register(client);
    expect(seen.map((h) => h['x-locale'])).toEqual(['en', 'hi', 'en']);
  });

  it("keeps an operation's own x-locale", async () => {
    const { client, seen } = clientWithRecordedFetch();
    await client.mutate({
      mutation: RegisterDocument,
      variables: { input: { email: 'asha@example.com', username: 'asha', password: 'Sturdy#Pass1' } },
      context: { headers: { 'x-locale': 'hi' } },
    });
    expect(seen[0]['x-locale']).toBe('hi');
  });
});
