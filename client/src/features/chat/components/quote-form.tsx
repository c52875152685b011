import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MyProductsDocument, SendQuoteDocument, type ChatMessageFieldsFragment } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { rupeesToPaise } from '../../../lib/money';

interface QuoteFormProps {
  peerId: string;
  onSent: (message: ChatMessageFieldsFragment) => void;
  onCancel: () => void;
}

/** A seller's quote: one of their products, quantity, unit price in rupees (sent as paise), valid days, a note. */
export function QuoteForm({ peerId, onSent, onCancel }: QuoteFormProps) {
  const { t } = useTranslation('chat');
  const products = useQuery(MyProductsDocument, { variables: { limit: 100, offset: 0 } });
  const [send, { loading }] = useMutation(SendQuoteDocument);
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [days, setDays] = useState('7');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items = (products.data?.myProducts.items ?? []).filter((p) => p.enabled);
  const chosen = productId || items[0]?.id || '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const unitPricePaise = rupeesToPaise(price);
    const qty = Number(quantity);
    const validDays = Number(days);
    if (!chosen) return setError(t('quote.pickProduct'));
    if (!Number.isInteger(qty) || qty < 1) return setError(t('quote.quantityInvalid'));
    if (!unitPricePaise) return setError(t('quote.priceInvalid'));
    if (!Number.isInteger(validDays) || validDays < 1 || validDays > 30) return setError(t('quote.daysInvalid'));
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
            <label className="field">
              <span className="field__label">{t('quote.quantity')}</span>
              <input className="field__input" inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">{t('quote.unitPrice')}</span>
              <input className="field__input" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">{t('quote.validDays')}</span>
              <input className="field__input" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
            </label>
          </div>
          <label className="field">
            <span className="field__label">{t('quote.note')}</span>
            <input className="field__input" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </label>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
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
