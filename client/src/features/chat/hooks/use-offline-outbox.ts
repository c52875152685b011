import { useCallback, useEffect, useRef, useState } from 'react';
import { isNetworkFailure } from '../../../lib/graphql-errors';
import { readStorage, writeStorage } from '../../../lib/storage';

/** An inquiry's answers as `sendInquiry` takes them (an inquiry sent without network waits in its seller's queue). */
export interface QueuedInquiry {
  productId: string;
  answers: Array<{ question: string; answer: string }>;
  content: string | null;
  language: 'en' | 'hi';
}

/** A message typed while the network was gone, waiting on this device with the id it will be sent with. */
export interface QueuedMessage {
  clientMessageId: string;
  /** What the queue shows (an inquiry: 'Inquiry about …'). */
  content: string;
  /** An inquiry, sent with `sendInquiry` instead of as a text. */
  inquiry?: QueuedInquiry;
}

const draftKey = (peerId: string) => `bb.chat.draft.${peerId}`;
const outboxKey = (peerId: string) => `bb.chat.outbox.${peerId}`;

export function readQueue(peerId: string): QueuedMessage[] {
  try {
    const parsed = JSON.parse(readStorage(outboxKey(peerId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((m): m is QueuedMessage => typeof m?.clientMessageId === 'string' && typeof m?.content === 'string') : [];
  } catch {
    return [];
  }
}

export { isNetworkFailure };

/** Adds a message to a conversation's queue from outside its composer (an inquiry sent without network). */
export function addToQueue(peerId: string, m: QueuedMessage): void {
  writeStorage(outboxKey(peerId), JSON.stringify([...readQueue(peerId).filter((q) => q.clientMessageId !== m.clientMessageId), m]));
}

/** Takes a sent message out of a conversation's queue. */
export function removeFromQueue(peerId: string, clientMessageId: string): void {
  const next = readQueue(peerId).filter((q) => q.clientMessageId !== clientMessageId);
  writeStorage(outboxKey(peerId), next.length ? JSON.stringify(next) : null);
}

/**
 * The composer's draft and its offline queue, per conversation (docs/product.md#offline-and-weak-networks): the
 * draft is kept on the device as it is typed (also across reloads); a message sent while offline, or whose send
 * found no network, waits in the queue with its client message id and is sent once the browser is back online, in
 * order; the server stores a repeated id once, so a send whose answer was lost is never doubled.
 */
export function useOfflineOutbox(peerId: string, sendOne: (m: QueuedMessage) => Promise<void>, onRefused: (err: unknown) => void) {
  const [draft, setDraftState] = useState(() => readStorage(draftKey(peerId)) ?? '');
  const [queue, setQueue] = useState<QueuedMessage[]>(() => readQueue(peerId));
  const flushing = useRef(false);
  // The latest callbacks, without making the flush (and the effect that listens for 'online') change with them.
  const callbacks = useRef({ sendOne, onRefused });
  useEffect(() => {
    callbacks.current = { sendOne, onRefused };
  });

  const setDraft = useCallback(
    (text: string | ((current: string) => string)) => {
      setDraftState((current) => {
        const next = typeof text === 'function' ? text(current) : text;
        writeStorage(draftKey(peerId), next ? next : null);
        return next;
      });
    },
    [peerId],
  );

  const saveQueue = useCallback(
    (next: QueuedMessage[]) => {
      writeStorage(outboxKey(peerId), next.length ? JSON.stringify(next) : null);
      setQueue(next);
    },
    [peerId],
  );

  const enqueue = useCallback((m: QueuedMessage) => saveQueue([...readQueue(peerId), m]), [peerId, saveQueue]);

  /** Sends what waits, oldest first; stops at the first network failure (the next 'online' tries again). */
  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine) return;
    flushing.current = true;
    try {
      for (let next = readQueue(peerId)[0]; next; next = readQueue(peerId)[0]) {
        try {
          await callbacks.current.sendOne(next);
        } catch (err) {
          if (isNetworkFailure(err)) return;
          callbacks.current.onRefused(err);
        }
        saveQueue(readQueue(peerId).filter((m) => m.clientMessageId !== next!.clientMessageId));
      }
    } finally {
      flushing.current = false;
    }
  }, [peerId, saveQueue]);

  useEffect(() => {
    setDraftState(readStorage(draftKey(peerId)) ?? '');
    setQueue(readQueue(peerId));
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
    // A new conversation reads its own draft and queue; flush is stable per conversation.
  }, [peerId, flush]);

  return { draft, setDraft, queue, enqueue, flush };
}
