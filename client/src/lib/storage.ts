/**
 * localStorage access that never throws: storage can be disabled (privacy modes, sandboxed iframes)
 * and the app must still work, just without persistence.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Persistence is a convenience; the in-memory state is still correct.
  }
}
