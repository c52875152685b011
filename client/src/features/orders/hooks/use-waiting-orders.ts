import { useQuery } from '@apollo/client/react';
import { SellerOrdersDocument } from '../../../graphql/generated';
import { useLatestReload } from '../../../lib/live';
import { useOrderEvents } from './use-order-events';

/**
 * The seller's orders waiting for them (payment to come or to check, delivery to make), live: the top bar's badge and
 * the menu's 'Orders received' read the same list (one cache entry, one subscription each while shown).
 */
export function useWaitingOrders(): number {
  const { data, refetch } = useQuery(SellerOrdersDocument, { variables: { limit: 50, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const reload = useLatestReload(refetch);
  useOrderEvents({ role: 'seller', orders: data?.sellerOrders.items ?? [], reload });
  return (data?.sellerOrders.items ?? []).filter((o) => o.status === 'unpaid' || o.status === 'payment_sent' || o.status === 'delivery_pending').length;
}
