import { useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage';

const KEY = 'bb.rfq.draft';

/** What of a requirement's draft stays on the device: the words, the chips' fields and the posting's id. */
export interface StoredDraft<F> {
  text: string;
  fields: F;
  /** The id the posting is sent with (a UUID): sent again, the server answers the requirement already posted. */
  clientKey: string;
}

function readDraft<F>(): Partial<StoredDraft<F>> {
  try {
    const parsed = JSON.parse(readStorage(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<StoredDraft<F>>) : {};
  } catch {
    return {};
  }
}

/**
 * A requirement's draft kept on the device as it is typed (docs/product.md#offline-and-weak-networks): a reload,
 * or a page opened again without new words, brings it back; posting it clears it. A post that found no network
 * waits (`waiting`) and is sent again, with the same id, once the browser is back online, while the page is open.
 */
export function useRfqDraft<F>(initialText: string, empty: F, post: (draft: StoredDraft<F>) => Promise<'posted' | 'offline' | 'refused'>) {
  const [stored] = useState(() => readDraft<F>());
  // New words (from the assistant or an empty search) start a new draft; none bring the kept one back.
  const [text, setText] = useState(initialText || stored.text || '');
  const [fields, setFields] = useState<F>(initialText ? empty : { ...empty, ...stored.fields });
  const [clientKey] = useState(() => (!initialText && stored.clientKey) || crypto.randomUUID());
  const [waiting, setWaiting] = useState(false);
  const posting = useRef(false);
  // Posted: nothing of this draft is written again (the page is on its way to the list).
  const posted = useRef(false);

  useEffect(() => {
    if (!posted.current) writeStorage(KEY, text.trim() ? JSON.stringify({ text, fields, clientKey } satisfies StoredDraft<F>) : null);
  }, [text, fields, clientKey]);

  const latest = useRef({ text, fields, clientKey, post });
  useEffect(() => {
    latest.current = { text, fields, clientKey, post };
  });

  const submit = useCallback(async () => {
    if (posting.current) return;
    posting.current = true;
    try {
      const { post: send, ...draft } = latest.current;
      const outcome = await send(draft);
      setWaiting(outcome === 'offline');
      if (outcome === 'posted') {
        posted.current = true;
        writeStorage(KEY, null);
      }
    } finally {
      posting.current = false;
    }
  }, []);

  useEffect(() => {
    if (!waiting) return;
    const again = () => void submit();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [waiting, submit]);

  return { text, setText, fields, setFields, waiting, submit };
}
