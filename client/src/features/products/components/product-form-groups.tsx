import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { rupeesToPaise } from '../../../lib/money';
import { PRICE_UNITS, usePriceFormat } from '../../../lib/price';
import { errorIdOf } from '../utils/field-errors';
import { FIELD_IDS, GST_RATES, type FieldName, type ProductFormValues } from '../utils/product-form-values';
import { CategorySelect } from './category-select';
import { ConditionSelect } from './condition-select';
import { TagInput } from './tag-input';

/** What a field group is given: the values, a setter that also clears the field's message, and each field's message. */
export interface FieldGroupProps {
  values: ProductFormValues;
  set: <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;
  /** Several fields at once (one that follows another: the condition follows the product type). */
  update: (patch: Partial<ProductFormValues>) => void;
  error: (field: FieldName) => string | null;
}

/** A titled part of the form (a fieldset with its legend). */
export function FieldGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <fieldset className="product-form__group" id={id}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled choice of a few fixed values. */
function ChoiceField<V extends string>(props: { id: string; label: string; value: V; options: Array<[V, string]>; onChange: (value: V) => void }) {
  const { id, label, value, options, onChange } = props;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(e) => onChange(options.find(([v]) => v === e.target.value)?.[0] ?? value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Title, description, category, new or used, condition. */
export function AboutFields({ values: v, set, update, error }: FieldGroupProps) {
  const { t } = useTranslation('products');
  const descriptionError = error('description');
  return (
    <FieldGroup id="product-about" title={t('form.aboutGroup')}>
      <TextField id={FIELD_IDS.title} label={t('form.title')} value={v.title} maxLength={200} error={error('title')} announceError={false} onChange={(e) => set('title', e.target.value)} />
      <div className={['field', descriptionError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={FIELD_IDS.description}>
          {t('form.description')}
        </label>
        <textarea
          id={FIELD_IDS.description}
          className="field__input"
          rows={5}
          maxLength={10000}
          value={v.description}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? errorIdOf(FIELD_IDS.description) : undefined}
          onChange={(e) => set('description', e.target.value)}
        />
        {descriptionError ? (
          <p id={errorIdOf(FIELD_IDS.description)} className="field__error">
            {descriptionError}
          </p>
        ) : null}
      </div>
      <CategorySelect id={FIELD_IDS.category} label={t('form.category')} value={v.category} error={error('category')} onChange={(value) => set('category', value)} />
      <div className="product-form__row">
        <ChoiceField
          id={FIELD_IDS.productType}
          label={t('form.productType')}
          value={v.productType}
          options={[
            ['new', t('form.productTypes.new')],
            ['used', t('form.productTypes.used')],
          ]}
          onChange={(productType) =>
            // The condition follows: a new product is new; a used one is at least not 'new'.
            update({ productType, condition: productType === 'new' ? 'new' : v.condition === 'new' || v.condition === '' ? 'good' : v.condition })
          }
        />
        <ConditionSelect id={FIELD_IDS.condition} label={t('form.condition')} value={v.condition} error={error('condition')} onChange={(value) => set('condition', value)} />
      </div>
    </FieldGroup>
  );
}

/** A whole number typed on a phone's number pad. */
const quantityProps = { inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 7 };

/**
 * How buyers order, the price (required for Buy now; for an inquiry one price, a range or none), the minimum
 * order and the quantity available; what buyers will see is shown as it is typed (docs/product.md#prices).
 */
export function PriceFields({ values: v, set, update, error }: FieldGroupProps) {
  const { t } = useTranslation('products');
  const format = usePriceFormat();
  const unit = format.unitName(v.unit);
  const buyNow = v.purchaseType === 'buy_now';
  const price = rupeesToPaise(v.price);
  const priceMax = buyNow ? null : rupeesToPaise(v.priceMax);
  const preview = price && price !== '0' ? format.line({ pricePaise: price, priceMaxPaise: priceMax, unit: v.unit, minQuantity: Number(v.minQuantity) || 1 }) : null;
  return (
    <FieldGroup id="product-pricing" title={t('form.priceGroup')}>
      <ChoiceField
        id={FIELD_IDS.purchaseType}
        label={t('form.purchaseType')}
        value={v.purchaseType}
        options={[
          ['inquire', t('form.purchaseTypes.inquire')],
          ['buy_now', t('form.purchaseTypes.buy_now')],
        ]}
        onChange={(purchaseType) => update({ purchaseType })}
      />
      <ChoiceField id={FIELD_IDS.unit} label={t('form.unit')} value={v.unit} options={PRICE_UNITS.map((u) => [u, format.unitName(u)])} onChange={(value) => set('unit', value)} />
      <p id="product-price-hint" className="field__hint">
        {buyNow ? t('form.priceHint') : `${t('form.priceHintInquire')} ${t('form.priceHint')}`}
      </p>
      <div className="product-form__row">
        <TextField
          id={FIELD_IDS.price}
          label={t(buyNow ? 'form.priceRequiredLabel' : 'form.price', { unit })}
          inputMode="decimal"
          autoComplete="off"
          value={v.price}
          error={error('price')}
          announceError={false}
          describedBy={['product-price-hint']}
          onChange={(e) => set('price', e.target.value)}
        />
        {buyNow ? null : (
          <TextField
            id={FIELD_IDS.priceMax}
            label={t('form.priceMax', { unit })}
            inputMode="decimal"
            autoComplete="off"
            value={v.priceMax}
            error={error('priceMax')}
            announceError={false}
            onChange={(e) => set('priceMax', e.target.value)}
          />
        )}
      </div>
      {preview ? (
        <p className="product-form__preview" aria-live="polite">
          {t('form.pricePreview', { price: preview })}
        </p>
      ) : null}
      <div className="product-form__row">
        <TextField
          id={FIELD_IDS.minQuantity}
          label={t('form.minQuantity')}
          {...quantityProps}
          value={v.minQuantity}
          error={error('minQuantity')}
          announceError={false}
          onChange={(e) => update({ minQuantity: e.target.value })}
        />
        <TextField
          id={FIELD_IDS.maxQuantity}
          label={t('form.maxQuantity')}
          {...quantityProps}
          value={v.maxQuantity}
          error={error('maxQuantity')}
          announceError={false}
          onChange={(e) => update({ maxQuantity: e.target.value })}
        />
      </div>
      <p id="product-tax-hint" className="field__hint">
        {t('form.taxHint')}
      </p>
      <div className="product-form__row">
        <TextField
          id={FIELD_IDS.hsnCode}
          label={t('form.hsnCode')}
          {...quantityProps}
          maxLength={8}
          value={v.hsnCode}
          error={error('hsnCode')}
          announceError={false}
          describedBy={['product-tax-hint']}
          onChange={(e) => set('hsnCode', e.target.value)}
        />
        <ChoiceField id={FIELD_IDS.gstRate} label={t('form.gstRate')} value={v.gstRate} options={GST_RATES.map((r) => [r, t('form.gstRateOption', { rate: r })])} onChange={(value) => set('gstRate', value)} />
      </div>
    </FieldGroup>
  );
}

/** Where the goods are (city, state), how to reach the seller, and the tags buyers may search by. */
export function PlaceFields({ values: v, set, update, error }: FieldGroupProps) {
  const { t } = useTranslation('products');
  return (
    <FieldGroup id="product-place" title={t('form.placeGroup')}>
      <div className="product-form__row">
        <TextField id={FIELD_IDS.city} label={t('form.city')} value={v.city} maxLength={100} autoComplete="address-level2" error={error('city')} announceError={false} onChange={(e) => set('city', e.target.value)} />
        <TextField id={FIELD_IDS.state} label={t('form.state')} value={v.state} maxLength={100} autoComplete="address-level1" error={error('state')} announceError={false} onChange={(e) => set('state', e.target.value)} />
      </div>
      <TextField id={FIELD_IDS.contact} label={t('form.contact')} value={v.contact} maxLength={100} error={error('contact')} announceError={false} onChange={(e) => set('contact', e.target.value)} />
      <TagInput id={FIELD_IDS.tags} tags={v.tags} draft={v.tagDraft} error={error('tags')} onChange={(tags, tagDraft) => update({ tags, tagDraft })} />
    </FieldGroup>
  );
}
