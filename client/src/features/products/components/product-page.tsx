import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { ProductDetailsDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { usePriceFormat } from '../../../lib/price';
import { InquiryOverlay, MakeOffer } from '../../chat';
import { BuyNowPanel } from '../../orders';
import { useRecordProductView } from '../../search';
import { toProductDisplay } from '../utils/product-display';
import { PriceBands } from './price-bands';
import { ProductSlideshow } from './product-slideshow';
import { ReportButton } from '../../moderation';
import { SellerBadgesFor } from '../../profiles';
import { ShareButtons } from './share-buttons';
import './products.css';

interface ProductPageProps {
  id: string;
  isLoggedIn: boolean;
  /** Route state flag: open the inquiry overlay at once (docs/product.md#screens-and-routes). */
  openInquiry?: boolean;
  /** Route state flag (a search card's Buy): start buying at once; inquire-only products open the inquiry instead. */
  openBuy?: boolean;
  /** Buying and inquiring need an account: where to send a visitor. */
  onLoginRequired: () => void;
}

/** /product/{id}: pictures, title, price, condition, quantity, description, share, Buy now and Inquire. */
export function ProductPage({ id, isLoggedIn, openInquiry = false, openBuy = false, onLoginRequired }: ProductPageProps) {
  const { t } = useTranslation('products');
  const { t: tc } = useTranslation('chat');
  const format = usePriceFormat();
  const { data, loading, error, refetch } = useQuery(ProductDetailsDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const product = toProductDisplay(data?.product);
  usePageTitle(product?.title ?? t('page.loading'));
  // Recommendations learn from the products a buyer opens.
  useRecordProductView(product ? id : null, isLoggedIn);
  const [inquiring, setInquiring] = useState(false);
  /** The quantity being bought (the buy panel's): its price band is marked in the table. */
  const [quantity, setQuantity] = useState<number | null>(null);

  const inquire = () => (isLoggedIn ? setInquiring(true) : onLoginRequired());
  // Logged out: to /login. Inquire-only products: the inquiry overlay. Buy now products buy in BuyNowPanel.
  const buyNow = () => (isLoggedIn ? setInquiring(true) : onLoginRequired());

  // The route flags act once, when the product is there: a buyable product opens its buy confirmation
  // (BuyNowPanel's autoOpen); anything else asked to be bought is inquired about, as its Buy button does.
  const inquiryHandled = useRef(false);
  const buyable = Boolean(product && !product.isOwner && product.purchaseType === 'buy_now' && product.priceInInr !== null);
  const buyInstead = openBuy && (!isLoggedIn || (!buyable && !product?.soldOut && !product?.isOwner)); // a visitor logs in first
  const wantsInquiry = (openInquiry || buyInstead) && Boolean(product);
  useEffect(() => {
    if (!wantsInquiry || inquiryHandled.current) return;
    inquiryHandled.current = true;
    if (isLoggedIn) setInquiring(true);
    else onLoginRequired();
  }, [wantsInquiry, isLoggedIn, onLoginRequired]);

  if (!data && loading) {
    return (
      <section className="page product-page" aria-busy="true">
        <p role="status">{t('page.loading')}</p>
      </section>
    );
  }
  if (!data && error) {
    const notFound = readServerError(error).code === 'NOT_FOUND';
    return (
      <section className="page page--narrow notice-page" aria-labelledby="product-problem">
        <h1 id="product-problem">{notFound ? t('page.notFound') : t('page.loadFailed')}</h1>
        {notFound ? <p>{t('page.notFoundBody')}</p> : null}
        <div className="notice-page__actions">
          {notFound ? null : (
            <button type="button" className="button button--primary" onClick={() => void refetch()}>
              {t('page.retry')}
            </button>
          )}
          <Link className="button button--secondary" to="/">
            {t('page.backHome')}
          </Link>
        </div>
      </section>
    );
  }
  if (!product) {
    return (
      <section className="page page--narrow notice-page" aria-labelledby="product-problem">
        <h1 id="product-problem">{t('page.invalid')}</h1>
        <Link className="button button--secondary" to="/">
          {t('page.backHome')}
        </Link>
      </section>
    );
  }

  const inquireButton = (
    <button type="button" className="button button--secondary" onClick={inquire}>
      {t('page.inquire')}
    </button>
  );

  return (
    <article className="page product-page" aria-labelledby="product-title">
      <div className="product-page__media">
        <ProductSlideshow slides={product.slides} title={product.title} />
      </div>
      <div className="product-page__info">
        {product.isOwner && !product.enabled ? <p className="product-page__inactive">{t('page.inactiveNotice')}</p> : null}
        <h1 id="product-title">{product.title}</h1>
        <p className="product-page__price">{format.listing(product)}</p>
        <p className="product-page__condition">{t(`page.conditionLabels.${product.condition}`)}</p>
        {product.minQuantity > 1 ? <p>{t('page.minQuantity', { quantity: format.quantity(product.minQuantity, product.unit) })}</p> : null}
        {product.soldOut ? <p className="product-page__sold-out">{t('page.soldOut')}</p> : <p>{t('page.maxQuantity', { quantity: format.quantity(product.maxQuantity, product.unit) })}</p>}
        <PriceBands bands={product.bands} unit={product.unit} quantity={quantity ?? product.minQuantity} />
        {product.isOwner ? (
          <div className="product-page__actions product-page__bar">
            {/* The seller edits (and restocks) their product instead of buying it. */}
            <Link className="button button--primary" to={`/seller/products/edit/${product.id}`}>
              {t('page.edit')}
            </Link>
          </div>
        ) : isLoggedIn && product.purchaseType === 'buy_now' && product.priceInInr !== null ? (
          // The quantity and the total stay in the page; Buy now and Inquire are the bar kept in view on a phone.
          <div className="product-page__actions product-page__actions--panel">
            <BuyNowPanel
              product={{ id: product.id, title: product.title, pricePaise: product.pricePaise ?? '0', bands: product.bands, unit: product.unit, minQuantity: product.minQuantity, stock: product.stock }}
              autoOpen={openBuy}
              onQuantityChange={setQuantity}
              barClassName="product-page__bar"
            >
              {inquireButton}
            </BuyNowPanel>
          </div>
        ) : (
          <div className="product-page__actions product-page__bar">
            {product.soldOut ? (
              <button type="button" className="button button--primary" disabled>
                {t('page.soldOut')}
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={buyNow}>
                {t('page.buyNow')}
              </button>
            )}
            {inquireButton}
          </div>
        )}
        {!product.isOwner && product.sellerId ? (
          <div className="product-page__more">
            <MakeOffer product={{ id: product.id, sellerId: product.sellerId, minQuantity: product.minQuantity, unit: product.unit }} isLoggedIn={isLoggedIn} onLoginRequired={onLoginRequired} />
            {isLoggedIn ? (
              <Link className="button button--ghost" to={`/chat?with=${encodeURIComponent(product.sellerId)}`}>
                {tc('offer.chatWithSeller')}
              </Link>
            ) : (
              <button type="button" className="button button--ghost" onClick={onLoginRequired}>
                {tc('offer.chatWithSeller')}
              </button>
            )}
          </div>
        ) : null}
        <ShareButtons title={product.title} text={`${product.title}: ${format.listing(product)}`} path={`/product/${product.id}`} />
        {isLoggedIn && !product.isOwner ? <ReportButton targetType="product" targetId={product.id} /> : null}
        <h2>{t('page.details')}</h2>
        <p className="product-page__description">{product.description}</p>
        <dl className="product-page__facts">
          <dt>{t('page.category')}</dt>
          <dd>{product.categoryName}</dd>
          <dt>{t('page.seller')}</dt>
          <dd>
            {product.seller && data?.product?.sellerUsername ? <Link to={`/sellers/${encodeURIComponent(data.product.sellerUsername)}`}>{product.seller}</Link> : (product.seller ?? t('page.unknownSeller'))}
            {product.sellerId ? <SellerBadgesFor userId={product.sellerId} /> : null}
          </dd>
          {product.location ? (
            <>
              <dt>{t('page.location')}</dt>
              <dd>{product.location}</dd>
            </>
          ) : null}
          {product.contact ? (
            <>
              <dt>{t('page.contact')}</dt>
              <dd>{product.contact}</dd>
            </>
          ) : null}
          {product.tags.length ? (
            <>
              <dt>{t('page.tags')}</dt>
              <dd>{product.tags.join(', ')}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {inquiring ? (
        <InquiryOverlay product={{ id: product.id, title: product.title, sellerId: product.sellerId, questions: product.questions }} onClose={() => setInquiring(false)} />
      ) : null}
    </article>
  );
}
