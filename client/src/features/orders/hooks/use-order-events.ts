import { useApolloClient } from '@apollo/client/react';
import { OrderEventsDocument, OrdersAfterDocument, type OrderEventsSubscription, type OrderFieldsFragment } from '../../../graphql/generated';
import { useLiveEvents, type LiveEventsState } from '../../../lib/live';

export type OrderEvent = OrderEventsSubscription['orderEvents'];

interface UseOrderEventsOptions {
  /** The side the screen shows: events and missed changes of the other side do not touch it. */
  role: 'buyer' | 'seller';
  /** The orders the screen shows (their positions say how far it is). */
  orders: ReadonlyArray<Pick<OrderFieldsFragment, 'position'>>;
  /** Re-reads the screen's list. */
  reload: () => void;
  /** Each event of the screen's side, before the list is re-read. */
  onEvent?: (event: OrderEvent) => void;
}

/**
 * The viewer's live order events for one side (useLiveEvents over `orderEvents`). After a reconnect
 * it asks `ordersAfter(position)` what changed while it was away and re-reads the list only when
 * something of its side did; a changed order also updates every screen showing it (same cache entry).
 */
export function useOrderEvents({ role, orders, reload, onEvent }: UseOrderEventsOptions): LiveEventsState {
  const client = useApolloClient();
  const known = orders.reduce<string | null>((m, o) => (!m || BigInt(o.position) > BigInt(m) ? o.position : m), null);
  return useLiveEvents({
    subscription: OrderEventsDocument,
    select: (data) => data.orderEvents,
    knownPosition: known,
    onEvent: (e) => {
      if (e.order.role !== role) return;
      onEvent?.(e);
      reload();
    },
    onResync: async (position) => {
      if (!position) return reload();
      try {
        const { data } = await client.query({ query: OrdersAfterDocument, variables: { after: position }, fetchPolicy: 'network-only' });
        if (!data) return reload();
        if (data.ordersAfter.items.some((o) => o.role === role)) reload();
        return data.ordersAfter.position;
      } catch {
        reload();
      }
    },
  });
}
