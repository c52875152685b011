import { useTranslation } from 'react-i18next';
import { bandOf, groupedNumber, usePriceFormat, type PriceBand } from '../../../lib/price';

/**
 * The product's bulk price bands as a small table (docs/product.md#price-bands): each band's quantities
 * and unit price, the band of the quantity being bought marked (and named 'Your price'), so the buyer
 * watches the price fall as the quantity grows.
 */
export function PriceBands({ bands, unit, quantity }: { bands: readonly PriceBand[]; unit: string | null; quantity: number }) {
  const { t } = useTranslation();
  const format = usePriceFormat();
  if (bands.length < 2) return null;
  const active = bandOf(bands, quantity);
  return (
    <table className="price-bands">
      <caption>{t('price.bands.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('price.bands.quantity')}</th>
          <th scope="col">{t('price.bands.unitPrice')}</th>
        </tr>
      </thead>
      <tbody>
        {bands.map((b, i) => {
          const next = bands[i + 1];
          const isActive = b === active;
          return (
            <tr key={b.minQuantity} className={isActive ? 'price-bands__row price-bands__row--active' : 'price-bands__row'} aria-current={isActive ? 'true' : undefined}>
              <th scope="row">
                {next
                  ? t('price.bands.between', { from: groupedNumber(b.minQuantity), to: format.quantity(next.minQuantity - 1, unit) })
                  : t('price.bands.from', { quantity: format.quantity(b.minQuantity, unit) })}
              </th>
              <td>
                {format.price(b.unitPricePaise, unit)}
                {isActive ? <span className="price-bands__yours"> · {t('price.bands.yours')}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
