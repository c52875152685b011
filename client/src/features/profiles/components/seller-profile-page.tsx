import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { SellerProfileDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { usePriceFormat } from '../../../lib/price';
import { ReportButton } from '../../moderation';
import { SellerBadges } from './seller-badges';
import { SellerReviews } from './seller-reviews';
import { Stars } from './stars';
import '../profiles.css';

const PAGE = 20;

/**
 * /sellers/{username}: a seller's public profile (docs/product.md#seller-profiles): their business name
 * and place, member since, the badges they earned (each explained on tap), their listed products.
 */
export function SellerProfilePage({ username, isLoggedIn, viewerId }: { username: string; isLoggedIn: boolean; viewerId: string | null }) {
  const { t, i18n } = useTranslation('seller');
  const { t: tc } = useTranslation();
  const format = usePriceFormat();
  const { data, loading, error, refetch, fetchMore } = useQuery(SellerProfileDocument, { variables: { username, limit: PAGE, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const seller = data?.sellerProfile;
  const notFound = !seller && error ? readServerError(error).code === 'NOT_FOUND' : false;
  usePageTitle(seller ? (seller.tradeName ?? seller.username) : error ? (notFound ? t('profile.notFound') : t('profile.loadFailed')) : t('profile.loading'));

  if (!seller) {
    if (error) {
      // The page's heading says what happened (a suspended or deleted seller, a wrong name).
      return (
        <section className="page seller-profile" role="alert">
          <h1>{notFound ? t('profile.notFound') : t('profile.loadFailed')}</h1>
          {notFound ? null : (
            <button type="button" className="button button--secondary" onClick={() => void refetch()}>
              {t('profile.retry')}
            </button>
          )}
        </section>
      );
    }
    return <section className="page seller-profile" aria-busy={loading}>{loading ? <p role="status">{t('profile.loading')}</p> : null}</section>;
  }

  const since = new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long', year: 'numeric' }).format(new Date(String(seller.memberSince)));
  const place = [seller.city, seller.state].filter(Boolean).join(', ');
  const items = seller.products.items;
  const more = () =>
    void fetchMore({
      variables: { offset: items.length },
      updateQuery: (prev, { fetchMoreResult }) =>
        fetchMoreResult
          ? { sellerProfile: { ...fetchMoreResult.sellerProfile, products: { ...fetchMoreResult.sellerProfile.products, items: [...prev.sellerProfile.products.items, ...fetchMoreResult.sellerProfile.products.items] } } }
          : prev,
    });
  return (
    <section className="page seller-profile" aria-labelledby="seller-profile-title">
      <header className="seller-profile__head">
        <h1 id="seller-profile-title">{seller.tradeName ?? seller.username}</h1>
        {seller.tradeName ? <p className="seller-profile__meta">@{seller.username}</p> : null}
        {place ? <p className="seller-profile__meta">{place}</p> : null}
        <p className="seller-profile__meta">{t('profile.memberSince', { date: since })}</p>
        {seller.ratingAverage !== null && seller.ratingAverage !== undefined ? (
          <p className="seller-profile__meta">
            <Stars rating={seller.ratingAverage} /> {tc('reviews.average', { average: seller.ratingAverage.toFixed(1) })} · {tc('reviews.count', { count: seller.reviewCount })}
          </p>
        ) : null}
      </header>
      {seller.badges.length ? <SellerBadges badges={seller.badges} /> : <p>{t('profile.noBadges')}</p>}
      {isLoggedIn && viewerId !== seller.userId ? <ReportButton targetType="user" targetId={seller.userId} label={t('profile.report')} /> : null}
      <h2>{t('profile.products')}</h2>
      <p className="seller-profile__meta">{t('profile.productsCount', { count: seller.products.totalCount })}</p>
      {items.length ? (
        <ul className="seller-profile__products">
          {items.map((p) => (
            <li key={p.id}>
              <Link className="seller-profile__product" to={`/product/${p.id}`}>
                {p.thumbnail ? <img src={p.thumbnail.sm} alt="" loading="lazy" /> : <span className="seller-profile__noimage" aria-hidden="true" />}
                <span className="seller-profile__title">{p.title}</span>
                <span>{format.listing(p)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('profile.noProducts')}</p>
      )}
      {items.length < seller.products.totalCount ? (
        <button type="button" className="button button--secondary" onClick={more} disabled={loading}>
          {t('profile.more')}
        </button>
      ) : null}
      <SellerReviews username={seller.username} isSeller={viewerId === seller.userId} isLoggedIn={isLoggedIn} />
    </section>
  );
}
