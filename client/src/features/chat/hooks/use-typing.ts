import { useMutation, useSubscription } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChatTypingDocument, ChatTypingEventsDocument } from '../../../graphql/generated';

/** How long 'typing…' shows after the last hint (the server sends at most one every 2 s). */
export const TYPING_SHOWN_MS = 4000;
/** How often the composer may say the viewer is typing (the server's own limit). */
const HINT_EVERY_MS = 2000;

/** Whether `peerId` is typing to the viewer now: true for a few seconds after each hint. */
export function usePeerTyping(peerId: string): boolean {
  const [until, setUntil] = useState(0);
  const [, tick] = useState(0);
  useSubscription(ChatTypingEventsDocument, {
    onData: ({ data }) => {
      if (data.data?.chatTyping.userId === peerId) setUntil(Date.now() + TYPING_SHOWN_MS);
    },
  });
  // Another conversation starts without a hint.
  useEffect(() => setUntil(0), [peerId]);
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until > Date.now();
}

/** Tells `peerId` that the viewer is typing, at most every 2 s; a refusal (no conversation yet) is ignored. */
export function useTypingHint(peerId: string): () => void {
  const [hint] = useMutation(ChatTypingDocument);
  const last = useRef(0);
  return useCallback(() => {
    if (Date.now() - last.current < HINT_EVERY_MS) return;
    last.current = Date.now();
    void hint({ variables: { userId: peerId } }).catch(() => undefined);
  }, [hint, peerId]);
}
