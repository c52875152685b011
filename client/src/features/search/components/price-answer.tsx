import { useTranslation } from 'react-i18next';
import { formatPaise } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import type { AssistantEntry } from '../utils/assistant-storage';

/**
 * The figures of the assistant's answer to 'how much for 500?' on a product page (docs/product.md#price-bands):
 * the quantity, the unit price of its band, GST when the seller's prices exclude it, and the total, as an order
 * of that quantity would charge them.
 */
export function PriceAnswer({ price }: { price: NonNullable<AssistantEntry['price']> }) {
  const { t } = useTranslation('search');
  const format = usePriceFormat();
  return (
    <div role="group" className="assistant-price" aria-label={t('price.label')}>
      <dl>
        <div>
          <dt>{t('price.quantity')}</dt>
          <dd>{format.quantity(price.quantity, price.unit)}</dd>
        </div>
        <div>
          <dt>{t('price.unitPrice')}</dt>
          <dd>
            {format.price(price.unitPricePaise, price.unit)}
            {price.bandFrom !== null ? <span className="assistant-price__band"> {t('price.band', { quantity: format.quantity(price.bandFrom, price.unit) })}</span> : null}
          </dd>
        </div>
        {price.gstAdded ? (
          <div>
            <dt>{t('price.gstAdded', { rate: price.gstAdded.rate })}</dt>
            <dd>{formatPaise(price.gstAdded.taxPaise)}</dd>
          </div>
        ) : null}
        <div className="assistant-price__total">
          <dt>{t('price.total')}</dt>
          <dd>{formatPaise(price.payablePaise)}</dd>
        </div>
      </dl>
    </div>
  );
}
