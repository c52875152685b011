import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { RecordProductViewDocument } from '../../../graphql/generated';

/**
 * Records that a logged-in viewer opened a product page, however they got there (search, a
 * recommendation, a shared link): recommendations start from what buyers look at. Once per product
 * shown; visitors are not recorded, and a failure is of no concern to the page.
 */
export function useRecordProductView(productId: string | null, isLoggedIn: boolean): void {
  const client = useApolloClient();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!productId || !isLoggedIn || recorded.current === productId) return;
    recorded.current = productId;
    void client.mutate({ mutation: RecordProductViewDocument, variables: { productId } }).catch(() => undefined);
  }, [client, productId, isLoggedIn]);
}
