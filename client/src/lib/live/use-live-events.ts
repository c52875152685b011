import type { TypedDocumentNode } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { REALTIME_CONNECTED_EVENT, realtimeStatus, type RealtimeStatus } from '../apollo-client';

/** What every live payload carries (docs/architecture.md#live-events): the viewer's stream position. */
export interface LiveEvent {
  position: string;
}

export interface UseLiveEventsOptions<TData, TEvent extends LiveEvent> {
  /** A subscription without variables of the live topic registry (orderEvents, ...). */
  subscription: TypedDocumentNode<TData, Record<string, never>>;
  enabled?: boolean;
  /** The event inside one result. */
  select: (data: TData) => TEvent | null | undefined;
  /** Each event, once (a repeated delivery of a position already seen is dropped). */
  onEvent: (event: TEvent) => void;
  /**
   * Fetch what was missed after `position` (the highest the screen has; null when it has none):
   * runs when the stream starts, after every reconnect, and when the page comes back to the
   * foreground or online. Answers the stream's position after the refetch, when it knows it.
   */
  onResync: (position: string | null) => Promise<string | null | void> | void;
  /** The position the screen's data is already at (the highest position of a loaded list). */
  knownPosition?: string | null;
  /**
   * What tells a repeated delivery apart (default: the position). A stream whose positions are per
   * conversation (chat) keys by conversation and position.
   */
  eventKey?: (event: TEvent) => string;
}

export interface LiveEventsState {
  /** The realtime socket's state; `reconnecting` deserves a visible notice (LiveStatusNotice). */
  status: RealtimeStatus;
  /** The highest position delivered or refetched so far. */
  position: string | null;
}

const SEEN = 500;
const max = (a: string | null, b: string | null | undefined): string | null => (!b ? a : !a || BigInt(b) > BigInt(a) ? b : a);

/** The realtime socket's state (idle, connecting, live, reconnecting, ended). */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtimeStatus.subscribe, realtimeStatus.get, realtimeStatus.get);
}

/**
 * One live stream over the graphql-ws link: events in order of arrival, each delivered once; the
 * socket retries with backoff (lib/apollo-client.ts); after a reconnect the screen refetches what it
 * missed "after position N"; `status` says when it is reconnecting.
 */
export function useLiveEvents<TData, TEvent extends LiveEvent>(opts: UseLiveEventsOptions<TData, TEvent>): LiveEventsState {
  const enabled = opts.enabled ?? true;
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });
  const position = useRef<string | null>(null);
  const seen = useRef(new Set<string>());
  position.current = max(position.current, opts.knownPosition);

  const resync = useRef(async () => {
    const reached = await latest.current.onResync(position.current);
    if (reached) position.current = max(position.current, reached);
  });

  const { error } = useSubscription(opts.subscription, {
    skip: !enabled,
    onData: ({ data }) => {
      const event = data.data ? latest.current.select(data.data) : null;
      if (!event) return;
      const key = latest.current.eventKey?.(event) ?? event.position;
      if (seen.current.has(key)) return;
      seen.current.add(key);
      if (seen.current.size > SEEN) seen.current.delete(seen.current.values().next().value!);
      position.current = max(position.current, event.position);
      latest.current.onEvent(event);
    },
  });

  useEffect(() => {
    if (!enabled) return;
    const again = () => {
      if (document.visibilityState === 'visible') void resync.current().catch(() => undefined);
    };
    window.addEventListener('online', again);
    window.addEventListener(REALTIME_CONNECTED_EVENT, again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('online', again);
      window.removeEventListener(REALTIME_CONNECTED_EVENT, again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [enabled]);

  // The stream (re)started: whatever happened while it was not listening is fetched.
  const failed = Boolean(error);
  useEffect(() => {
    if (enabled && !failed) void resync.current().catch(() => undefined);
  }, [enabled, failed]);

  return { status: useRealtimeStatus(), position: position.current };
}
