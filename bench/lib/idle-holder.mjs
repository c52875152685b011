// Holds idle `chatEvents` subscriptions in a process of its own (forked by chat-live.mjs), so the bench
// process that measures deliveries does not carry 10,000 client sockets (and their garbage collections).
// Told { url, origin, cookies } over IPC; answers { opened } once every subscription is acknowledged;
// disposes them all when told 'close'.
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const clients = [];

function subscribe(url, origin, cookie) {
  class CookieSocket extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols, { headers: { cookie, origin } });
    }
  }
  const client = createClient({ url: url.replace(/^http/, 'ws') + '/graphql', webSocketImpl: CookieSocket, retryAttempts: 0, lazy: false });
  const ready = new Promise((resolve) => client.on('connected', resolve));
  client.subscribe({ query: 'subscription { chatEvents { type message { id } } }' }, {
    next: () => {},
    error: (e) => console.error('idle subscription error', JSON.stringify(e)),
    complete: () => {},
  });
  clients.push(client);
  return ready;
}

process.on('message', async (m) => {
  if (m === 'close') {
    await Promise.all(clients.map((c) => c.dispose()));
    process.exit(0);
  }
  // 250 at a time, as a crowd of users arriving would.
  for (let i = 0; i < m.cookies.length; i += 250) await Promise.all(m.cookies.slice(i, i + 250).map((c) => subscribe(m.url, m.origin, c)));
  process.send({ opened: clients.length });
});
