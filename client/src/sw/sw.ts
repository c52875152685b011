/**
 * The service worker (docs/product.md#installable-app), built by vite-plugin-pwa's injectManifest into dist/sw.js
 * with the list of the build's files in `self.__WB_MANIFEST` (client/vite.config.ts says which).
 *
 * What it does, and nothing more:
 * - precaches the hashed assets, the icons, the manifest and the offline page (Workbox's precaching: each file
 *   once per build, old caches dropped when a new build activates);
 * - answers a page load from the network, always (rendered pages and their hydration are the server's, as
 *   without a worker), and with the offline page only when the network fails;
 * - leaves every other request alone: GraphQL, the REST shim, uploads, attachments and invoices go to the
 *   network and are never written to a cache, so nothing private outlives a logout on the device.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';

// The worker's own globals, declared here: the client's program is typed for the DOM, not for workers.
interface PrecacheEntry {
  url: string;
  revision: string | null;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerScope {
  __WB_MANIFEST: PrecacheEntry[];
  registration: { navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
declare const self: WorkerScope;

const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new build's worker takes over at once: it serves nothing a page depends on except the offline page.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => {
  // Navigation preload: the page's request starts while the worker boots, so a page load waits for no worker.
  event.waitUntil(Promise.all([self.registration.navigationPreload?.enable(), self.clients.claim()]));
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(pageLoad(event));
});

async function pageLoad(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    // The network failed (not an answer with an error status: those pass through as they are).
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
}

// Web Push (docs/product.md#notifications): the server's notification, in the user's language, opening its screen.
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { data: unknown; close(): void };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface PushScope {
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
  location: { origin: string };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
const pushScope = self as unknown as PushScope;

interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  lang?: string;
}

pushScope.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    // Not JSON: shown with the app's name only.
  }
  // Only a path of this app is opened (never another site's address).
  const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
  event.waitUntil(
    pushScope.registration.showNotification(message.title || 'Bol Bazaar', {
      body: message.body ?? '',
      tag: message.tag,
      lang: message.lang,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url },
    }),
  );
});

pushScope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, pushScope.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await pushScope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.navigate(target);
        await open.focus();
      } else {
        await pushScope.clients.openWindow(target);
      }
    })(),
  );
});
