import { readStorage, writeStorage } from '../storage';

/** Chrome's install prompt, kept until the hint offers it (the event is not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const FIRST_VISIT = 'bb.firstVisitAt';
/** A later visit: a page load at least this long after the first one (tabs opened together are one visit). */
const VISIT_GAP_MS = 30 * 60_000;
const DISMISSED = 'bb.installHint.dismissed';
const ORDERED = 'bb.installHint.ordered';

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/**
 * Starts listening for the browser's install prompt (kept for the hint instead of Chrome's own mini bar) and
 * counts this visit (once per tab session). Called once at start.
 */
export function watchInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  if (!readStorage(FIRST_VISIT)) writeStorage(FIRST_VISIT, String(Date.now()));
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    writeStorage(DISMISSED, '1');
    listeners.forEach((l) => l());
  });
}

/** A first order happened on this device: the next page load is a sensible moment to offer the app. */
export function noteFirstOrder(): void {
  if (!readStorage(ORDERED)) writeStorage(ORDERED, String(Date.now()));
}

/** When this page was loaded (a hint never pops up in the middle of what the user is doing). */
const loadedAt = () => (typeof performance !== 'undefined' ? performance.timeOrigin : Date.now());

/**
 * Whether to offer the app now (docs/product.md#installable-app): the browser can install it, it is not already
 * running installed, it was never dismissed, and this is a later visit (30 minutes after the first) or the first
 * page load after a first order.
 */
export function installHintDue(): boolean {
  if (!deferred || readStorage(DISMISSED)) return false;
  if (window.matchMedia?.('(display-mode: standalone)').matches) return false;
  const first = Number(readStorage(FIRST_VISIT) ?? 'NaN');
  const ordered = Number(readStorage(ORDERED) ?? 'NaN');
  return loadedAt() - first >= VISIT_GAP_MS || ordered < loadedAt();
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the hint is gone either way (the browser asks again only later). */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  deferred = null;
  if (!event) return;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') writeStorage(DISMISSED, '1');
  listeners.forEach((l) => l());
}

/** 'Not now': the hint never comes back on this device. */
export function dismissInstallHint(): void {
  writeStorage(DISMISSED, '1');
  listeners.forEach((l) => l());
}
