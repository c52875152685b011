/**
 * Registers the service worker (client/src/sw/sw.ts, built into /sw.js) once the first page has loaded, so it
 * never competes with that page for the network. Only in a built app (the development server has no worker) and
 * where the browser has service workers. A failure is logged once and changes nothing: the app works without it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('service worker not registered', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
