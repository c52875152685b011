import { useQuery } from '@apollo/client/react';
import { SellerBadgesDocument } from '../../../graphql/generated';
import { SellerBadges } from './seller-badges';

/** A user's earned badges, compact, beside their name (product pages, chat headers); nothing while loading or without any. */
export function SellerBadgesFor({ userId }: { userId: string }) {
  const { data } = useQuery(SellerBadgesDocument, { variables: { userId }, fetchPolicy: 'cache-first' });
  return data?.sellerBadges.length ? <SellerBadges badges={data.sellerBadges} compact /> : null;
}
