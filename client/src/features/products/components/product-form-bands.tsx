import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MicIcon } from '../../../components/ui/icons';
import { ReadPriceLadderDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { usePriceFormat } from '../../../lib/price';
import { useSpeechRecognition } from '../../search';
import { errorIdOf } from '../utils/field-errors';
import { bandInputId, fieldsFromLadder, LADDER_LINE_ID, MAX_BANDS, newBandKey, type DraftBand } from '../utils/price-band-drafts';
import type { FieldGroupProps } from './product-form-groups';
import { FieldGroup } from './product-form-groups';

type Reading =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'read'; count: number; unread: string[]; cut: boolean }
  | { kind: 'failed'; text: string | null };

interface BulkPriceProps extends FieldGroupProps {
  /** The message shown at an element id (a band's input, or the line). */
  errorAt: (id: string) => string | null;
}

/** One band's input: its label names the band for a screen reader ('Band 2: from how many pieces'). */
function BandInput(props: { id: string; band: number; label: string; value: string; error: string | null; decimal?: boolean; onChange: (value: string) => void }) {
  const { t } = useTranslation('products');
  const { id, band, label, value, error, decimal, onChange } = props;
  return (
    <div className={['band-chip__field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="band-chip__label" htmlFor={id}>
        <span className="visually-hidden">{t('bands.bandN', { n: band })}: </span>
        {label}
      </label>
      <input
        id={id}
        className="field__input band-chip__input"
        inputMode={decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        maxLength={decimal ? 13 : 7}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(id) : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * Bulk prices (docs/product.md#price-bands): the bands typed or said in one line ('100 se upar 45, 500 se upar
 * 40'), read by the server into chips the seller can change, remove or add to; band 1 is the minimum order at
 * the listing's price (the same values as the fields above). What the line did not say clearly is shown under it.
 */
export function BulkPriceFields({ values: v, update, errorAt }: BulkPriceProps) {
  const { t, i18n } = useTranslation('products');
  const client = useApolloClient();
  const format = usePriceFormat();
  const unit = format.unitName(v.unit);
  const [line, setLine] = useState('');
  const [reading, setReading] = useState<Reading>({ kind: 'idle' });
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the chips have changed: a new band's quantity, or the remove button after a removed band.
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const target = focusNext.current?.();
    focusNext.current = null;
    target?.focus();
  });

  const read = async (text: string) => {
    if (!text.trim() || reading.kind === 'reading') return;
    setReading({ kind: 'reading' });
    try {
      const { data } = await client.query({ query: ReadPriceLadderDocument, variables: { text }, fetchPolicy: 'no-cache' });
      const answer = data?.readPriceLadder;
      if (!answer) throw new Error('no answer');
      const fields = fieldsFromLadder(v, answer.tiers);
      if (fields) update(fields);
      const count = fields ? fields.bands.length + 1 : 0;
      setReading({ kind: 'read', count: fields ? count : 0, unread: answer.unread, cut: fields !== null && answer.tiers.length > count && count === MAX_BANDS });
    } catch (failure) {
      setReading({ kind: 'failed', text: readServerError(failure).message });
    }
  };
  const speech = useSpeechRecognition(i18n.language === 'hi' ? 'hi-IN' : 'en-US', (heard) => {
    setLine(heard);
    void read(heard);
  });

  const onLineKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter reads the line; it never sends the whole form.
    event.preventDefault();
    void read(line);
  };

  const setBand = (i: number, patch: Partial<DraftBand>) => update({ bands: v.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  /** Removes band `index` (0 is band 1: the next band becomes the minimum order and the price); focus stays in the list. */
  const remove = (index: number) => {
    const next = index === 0 ? v.bands[0] : null;
    if (next) update({ minQuantity: next.minQuantity, price: next.price, bands: v.bands.slice(1) });
    else update({ bands: v.bands.filter((_, j) => j !== index - 1) });
    focusNext.current = () => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.band-chip__remove');
      return buttons?.length ? buttons[Math.min(index, buttons.length - 1)] : addRef.current;
    };
  };
  const add = () => {
    update({ bands: [...v.bands, { key: newBandKey(), minQuantity: '', price: '' }] });
    const index = v.bands.length + 1;
    focusNext.current = () => document.getElementById(bandInputId(index, 'quantity'));
  };

  const lineError = errorAt(LADDER_LINE_ID);
  const shownLine = speech.listening ? speech.heard : line;
  const described = ['product-bands-hint', reading.kind === 'read' && reading.unread.length ? 'product-bands-unread' : null, lineError ? errorIdOf(LADDER_LINE_ID) : null].filter(Boolean).join(' ');
  const rows: Array<{ key: string; minQuantity: string; price: string; first: boolean }> = v.bands.length
    ? [{ key: 'first', minQuantity: v.minQuantity, price: v.price, first: true }, ...v.bands.map((b) => ({ ...b, first: false }))]
    : [];

  return (
    <FieldGroup id="product-bands" title={t('bands.group')}>
      <p id="product-bands-hint" className="field__hint">
        {t('bands.hint')}
      </p>
      <div className={['field', lineError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={LADDER_LINE_ID}>
          {t('bands.line')}
        </label>
        <div className="bands-line">
          <input
            id={LADDER_LINE_ID}
            className="field__input bands-line__input"
            value={shownLine}
            maxLength={500}
            autoComplete="off"
            enterKeyHint="done"
            placeholder={speech.listening ? t('bands.listening') : t('bands.example')}
            readOnly={speech.listening}
            aria-invalid={lineError ? true : undefined}
            aria-describedby={described}
            onChange={(e) => setLine(e.target.value)}
            onKeyDown={onLineKey}
          />
          {speech.supported ? (
            <button
              type="button"
              className={`icon-button bands-line__mic${speech.listening ? ' bands-line__mic--on' : ''}`}
              aria-pressed={speech.listening}
              aria-label={speech.listening ? t('bands.stopVoice') : t('bands.voice')}
              onClick={() => (speech.listening ? speech.stop() : speech.start())}
            >
              <MicIcon />
            </button>
          ) : null}
          <button type="button" className="button button--secondary bands-line__read" disabled={!line.trim() || reading.kind === 'reading' || speech.listening} onClick={() => void read(line)}>
            {t('bands.read')}
          </button>
        </div>
        {lineError ? (
          <p id={errorIdOf(LADDER_LINE_ID)} className="field__error">
            {lineError}
          </p>
        ) : null}
        {speech.status === 'blocked' || speech.status === 'nothing' ? <p className="field__hint">{t(speech.status === 'blocked' ? 'bands.voiceBlocked' : 'bands.voiceNothing')}</p> : null}
        {reading.kind === 'reading' || reading.kind === 'read' ? (
          <p role="status" className="bands-status">
            {reading.kind === 'reading' ? t('bands.reading') : reading.count ? t('bands.readCount', { count: reading.count }) : t('bands.readNone')}
            {reading.kind === 'read' && reading.cut ? ` ${t('bands.cut', { max: MAX_BANDS })}` : null}
          </p>
        ) : null}
        {reading.kind === 'failed' ? (
          <p className="field__error" role="alert">
            {reading.text ?? t('bands.readFailed')}
          </p>
        ) : null}
        {reading.kind === 'read' && reading.unread.length ? (
          <div id="product-bands-unread" className="bands-unread">
            <p>{t('bands.unread')}</p>
            <ul>
              {reading.unread.map((part, i) => (
                <li key={`${i}-${part}`}>
                  <q>{part}</q>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {rows.length ? (
        <ul className="band-chips" ref={listRef} aria-label={t('bands.list')}>
          {rows.map((row, index) => {
            const quantityId = bandInputId(index, 'quantity');
            const priceId = bandInputId(index, 'price');
            const errors = [errorAt(quantityId) && [quantityId, errorAt(quantityId)], errorAt(priceId) && [priceId, errorAt(priceId)]].filter(Boolean) as Array<[string, string]>;
            return (
              <li key={row.key} className={['band-chip', errors.length ? 'band-chip--invalid' : ''].filter(Boolean).join(' ')}>
                <div className="band-chip__row">
                  <span className="band-chip__n" aria-hidden="true">
                    {index + 1}
                  </span>
                  <BandInput
                    id={quantityId}
                    band={index + 1}
                    label={t('bands.from')}
                    value={row.minQuantity}
                    error={errorAt(quantityId)}
                    onChange={(value) => (row.first ? update({ minQuantity: value }) : setBand(index - 1, { minQuantity: value }))}
                  />
                  <BandInput
                    id={priceId}
                    band={index + 1}
                    label={t('bands.price', { unit })}
                    decimal
                    value={row.price}
                    error={errorAt(priceId)}
                    onChange={(value) => (row.first ? update({ price: value }) : setBand(index - 1, { price: value }))}
                  />
                  <button type="button" className="icon-button band-chip__remove" aria-label={t('bands.remove', { n: index + 1 })} onClick={() => remove(index)}>
                    ×
                  </button>
                </div>
                {errors.map(([id, text]) => (
                  <p key={id} id={errorIdOf(id)} className="field__error">
                    {text}
                  </p>
                ))}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="field__hint">{t('bands.onePrice')}</p>
      )}
      {rows.length ? <p className="field__hint">{t('bands.firstIsPrice')}</p> : null}
      <button ref={addRef} type="button" className="button button--ghost band-chips__add" disabled={rows.length >= MAX_BANDS} onClick={add}>
        {rows.length ? t('bands.add') : t('bands.addFirst')}
      </button>
    </FieldGroup>
  );
}
