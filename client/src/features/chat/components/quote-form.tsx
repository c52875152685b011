import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { QuotableProductsDocument, SendQuoteDocument, type ChatMessageFieldsFragment } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { rupeesToPaise } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import { FormError } from '../../../components/ui/form-error';

interface QuoteFormProps {
  peerId: string;
  onSent: (message: ChatMessageFieldsFragment) => void;
  onCancel: () => void;
}

/** A seller's quote: one of their products, quantity, unit price in rupees (sent as paise), valid days, a note. */
export function QuoteForm({ peerId, onSent, onCancel }: QuoteFormProps) {
  const { t } = useTranslation('chat');
  const format = usePriceFormat();
  const products = useQuery(QuotableProductsDocument);
  const [send, { loading }] = useMutation(SendQuoteDocument);
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [days, setDays] = useState('7');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ quantity?: string; price?: string; days?: string }>({});
  const ids = useId();
  const items = (products.data?.myProducts.items ?? []).filter((p) => p.enabled);
  const chosen = productId || items[0]?.id || '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const unitPricePaise = rupeesToPaise(price);
    const qty = Number(quantity);
    const validDays = Number(days);
    if (!chosen) return setError(t('quote.pickProduct'));
    const bad = {
      quantity: !Number.isInteger(qty) || qty < 1 ? t('quote.quantityInvalid') : undefined,
      price: !unitPricePaise ? t('quote.priceInvalid') : undefined,
      days: !Number.isInteger(validDays) || validDays < 1 || validDays > 30 ? t('quote.daysInvalid') : undefined,
    };
    setFieldErrors(bad);
    const first = (['quantity', 'price', 'days'] as const).find((k) => bad[k]);
    if (first || !unitPricePaise) {
      document.getElementById(`${ids}-${first ?? 'price'}`)?.focus();
      return;
    }
    try {
      const { data } = await send({ variables: { userId: peerId, productId: chosen, quantity: qty, unitPricePaise, validDays, note: note.trim() || null } });
      if (data) onSent(data.sendQuote);
    } catch (err) {
      setError(readServerError(err).message ?? t('quote.sendFailed'));
    }
  };

  return (
    <form className="quote-form" onSubmit={(e) => void submit(e)} aria-labelledby="quote-form-title">
      <h3 id="quote-form-title">{t('quote.title')}</h3>
      {products.loading ? <p role="status">{t('loading')}</p> : null}
      {!products.loading && !items.length ? <p>{t('quote.noProducts')}</p> : null}
      {items.length ? (
        <>
          <label className="field">
            <span className="field__label">{t('quote.product')}</span>
            <select className="field__input" value={chosen} onChange={(e) => setProductId(e.target.value)}>
              {items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </label>
          <div className="quote-form__row">
            <TextField id={`${ids}-quantity`} label={t('quote.quantity')} inputMode="numeric" value={quantity} error={fieldErrors.quantity} onChange={(e) => setQuantity(e.target.value)} />
            <TextField id={`${ids}-price`} label={t('quote.unitPrice', { unit: format.unitName(items.find((p) => p.id === chosen)?.unit) })} inputMode="decimal" value={price} error={fieldErrors.price} onChange={(e) => setPrice(e.target.value)} />
            <TextField id={`${ids}-days`} label={t('quote.validDays')} inputMode="numeric" value={days} error={fieldErrors.days} onChange={(e) => setDays(e.target.value)} />
          </div>
          <TextField id={`${ids}-note`} label={t('quote.note')} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        </>
      ) : null}
      <FormError message={error} />
      <div className="quote-form__actions">
        {items.length ? (
          <button type="submit" className="button button--primary" disabled={loading}>
            {t('quote.send')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
