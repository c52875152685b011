import { useApolloClient } from '@apollo/client/react';
import { RfqChangesDocument, RfqEventsDocument, type RfqEventsSubscription } from '../../../graphql/generated';
import { useLiveEvents, type LiveEventsState } from '../../../lib/live';

export type RfqEvent = RfqEventsSubscription['rfqEvents'];

interface UseRfqEventsOptions {
  /** The side the screen shows: the buyer's own requirements, or the seller's inbox. */
  side: 'buyer' | 'seller';
  /** The requirements the screen shows (their positions say how far it is). */
  rfqs: ReadonlyArray<{ position: string }>;
  /** Re-reads the screen's list. */
  reload: () => void;
}

/**
 * The viewer's live requirement events for one side (useLiveEvents over `rfqEvents`): a new match
 * or quote re-reads the list; after a reconnect `rfqChanges(position)` says whether anything of the
 * screen's side changed meanwhile.
 */
export function useRfqEvents({ side, rfqs, reload }: UseRfqEventsOptions): LiveEventsState {
  const client = useApolloClient();
  const known = rfqs.reduce<string | null>((m, r) => (!m || BigInt(r.position) > BigInt(m) ? r.position : m), null);
  const mine = side === 'buyer';
  return useLiveEvents({
    subscription: RfqEventsDocument,
    select: (data) => data.rfqEvents,
    knownPosition: known,
    onEvent: (e) => {
      if (e.rfq.mine === mine) reload();
    },
    onResync: async (position) => {
      if (!position) return reload();
      try {
        const { data } = await client.query({ query: RfqChangesDocument, variables: { after: position }, fetchPolicy: 'network-only' });
        if (!data) return reload();
        if (data.rfqChanges.items.some((r) => r.mine === mine)) reload();
        return data.rfqChanges.position;
      } catch {
        reload();
      }
    },
  });
}
