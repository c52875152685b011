import { useCallback, useEffect, useRef } from 'react';

/**
 * A screen's "re-read the list" for live events, one read at a time: a call while a read is in flight
 * runs one more read after it, so the last answer written is always from a read that started after the
 * last event. (A re-read joined to one already in flight, as Apollo deduplicates them, or one that
 * started before a change and answers after its event, would otherwise put the older state back.)
 */
export function useLatestReload(read: () => Promise<unknown>): () => void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  const state = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  return useCallback(() => {
    const s = state.current;
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = true;
    void (async () => {
      do {
        s.again = false;
        await latest.current().catch(() => undefined);
      } while (s.again);
      s.running = false;
    })();
  }, []);
}
