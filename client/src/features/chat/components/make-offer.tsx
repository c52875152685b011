import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { PlaceBidDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { rupeesToPaise } from '../../../lib/money';
import { usePriceFormat } from '../../../lib/price';
import './chat.css';
import './chat-forms.css';
import { FormError } from '../../../components/ui/form-error';

/**
 * 'Make an offer' (docs/product.md#quotes-and-bids): the buyer offers a quantity and a unit price, with
 * a note; it arrives in the conversation with the seller as a bid, and the buyer goes there.
 */
export function MakeOffer({ product, onLoginRequired, isLoggedIn }: { product: { id: string; sellerId: string; minQuantity: number; unit?: string | null }; isLoggedIn: boolean; onLoginRequired: () => void }) {
  const { t } = useTranslation('chat');
  const format = usePriceFormat();
  const titleId = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(String(Math.max(1, product.minQuantity)));
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ quantity?: string; price?: string }>({});
  const [place, { loading }] = useMutation(PlaceBidDocument);
  const ids = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const qty = Number(quantity);
    const unitPricePaise = rupeesToPaise(price);
    const bad = {
      quantity: !Number.isInteger(qty) || qty < 1 ? t('offer.quantityInvalid') : undefined,
      price: !unitPricePaise ? t('offer.priceInvalid') : undefined,
    };
    setFieldErrors(bad);
    if (bad.quantity || !unitPricePaise) {
      document.getElementById(`${ids}-${bad.quantity ? 'quantity' : 'price'}`)?.focus();
      return;
    }
    try {
      await place({ variables: { productId: product.id, quantity: qty, unitPricePaise, note: note.trim() || null, clientMessageId: crypto.randomUUID() } });
      navigate(`/chat?with=${encodeURIComponent(product.sellerId)}`);
    } catch (err) {
      setError(readServerError(err).message ?? t('offer.failed'));
    }
  };

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => (isLoggedIn ? setOpen(true) : onLoginRequired())}>
        {t('offer.open')}
      </button>
      {open ? (
        <Modal labelledBy={titleId} onClose={() => setOpen(false)}>
          <form className="offer-form" onSubmit={(e) => void submit(e)}>
            <h2 id={titleId}>{t('offer.title')}</h2>
            <TextField id={`${ids}-quantity`} label={t('offer.quantity')} inputMode="numeric" value={quantity} error={fieldErrors.quantity} onChange={(e) => setQuantity(e.target.value)} />
            <TextField id={`${ids}-price`} label={t('offer.unitPrice', { unit: format.unitName(product.unit) })} inputMode="decimal" value={price} error={fieldErrors.price} onChange={(e) => setPrice(e.target.value)} />
            <label className="field">
              <span className="field__label">{t('offer.note')}</span>
              <textarea className="field__input" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
            </label>
            <FormError message={error} />
            <div className="offer-form__actions">
              <button type="submit" className="button button--primary" disabled={loading}>
                {t('offer.send')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
                {t('cancel')}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
