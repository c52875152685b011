/**
 * Browser storage access that never throws: storage can be disabled (privacy modes, sandboxed iframes)
 * and the app must still work, just without persistence. `local` by default; `session` lasts as long
 * as the tab.
 */
type Area = 'local' | 'session';
const area = (which: Area): Storage => (which === 'session' ? window.sessionStorage : window.localStorage);

export function readStorage(key: string, which: Area = 'local'): string | null {
  try {
    return area(which).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, which: Area = 'local'): void {
  try {
    if (value === null) area(which).removeItem(key);
    else area(which).setItem(key, value);
  } catch {
    // Persistence is a convenience; the in-memory state is still correct.
  }
}
