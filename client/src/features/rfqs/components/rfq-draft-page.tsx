import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { PostRfqDocument, ProductCategoriesDocument, RfqDraftDocument } from '../../../graphql/generated';
import { isNetworkFailure, readServerError } from '../../../lib/graphql-errors';
import { paiseToRupees, rupeesToPaise } from '../../../lib/money';
import { PRICE_UNITS, usePriceFormat } from '../../../lib/price';
import { uploadForm, UploadError } from '../../../lib/upload';
import './rfqs.css';
import { FormError } from '../../../components/ui/form-error';
import { useRfqDraft, type StoredDraft } from '../hooks/use-rfq-draft';
import { RfqPhotoPicker } from './rfq-photos';

/** The fields of a draft, as the buyer edits them (text as typed; price in rupees). */
interface DraftFields {
  category: string;
  quantity: string;
  unit: string;
  maxPrice: string;
  city: string;
  state: string;
  neededBy: string;
  condition: string;
  notes: string;
  openDays: string;
}

type ChipKey = 'category' | 'quantity' | 'maxPrice' | 'city' | 'state' | 'neededBy' | 'condition' | 'notes' | 'openDays';
const CHIPS: ChipKey[] = ['category', 'quantity', 'maxPrice', 'city', 'state', 'neededBy', 'condition', 'openDays', 'notes'];

const EMPTY: DraftFields = { category: '', quantity: '', unit: 'piece', maxPrice: '', city: '', state: '', neededBy: '', condition: '', notes: '', openDays: '3' };

/**
 * /rfqs/new?text=…: a requirement's draft (docs/product.md#buy-requirements). The buyer's words (from the
 * assistant, an empty search, or typed here) are read by the server's search understanding into chips:
 * category, quantity and unit, top price, city, state, needed by, condition, days open and notes; each chip
 * opens its field to change it, or removes it; up to 3 photos; then Post (with photos, as one multipart request
 * to the REST shim, with its progress). The draft stays on the device (useRfqDraft); a post without network waits
 * and goes once the browser is back online, never twice.
 */
export function RfqDraftPage({ initialText }: { initialText: string }) {
  const { t, i18n } = useTranslation('rfqs');
  usePageTitle(t('draft.title'));
  const navigate = useNavigate();
  const fmt = usePriceFormat();
  const [editing, setEditing] = useState<ChipKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [sending, setSending] = useState<number | null>(null);
  // The words and chips, kept on the device; the post (send, below) with its id.
  const goods = useRfqDraft<DraftFields>(initialText, EMPTY, (d) => send(d));
  const { text, setText, fields, setFields } = goods;
  const [readDraft, { loading: reading, error: readError }] = useLazyQuery(RfqDraftDocument, { fetchPolicy: 'network-only' });
  const [postRfq, { loading: posting }] = useMutation(PostRfqDocument);
  const { data: categories } = useQuery(ProductCategoriesDocument);
  const hindi = i18n.language === 'hi';
  const categoryName = (id: string) => {
    const c = categories?.productCategories.find((x) => x.id === id);
    return c ? (hindi ? c.nameHi : c.name) : id;
  };

  const read = async (words: string) => {
    if (!words.trim()) return;
    const { data } = await readDraft({ variables: { text: words } }).catch(() => ({ data: undefined }));
    const d = data?.rfqDraft;
    if (!d) return;
    setFields((f) => ({
      ...f,
      category: d.category ?? '',
      quantity: d.quantity ? String(d.quantity) : f.quantity,
      unit: d.unit ?? f.unit,
      maxPrice: d.maxUnitPricePaise ? paiseToRupees(d.maxUnitPricePaise).replace(/\.00$/, '') : '',
      city: d.city ?? '',
      state: d.state ?? '',
      condition: d.condition ?? '',
    }));
  };
  const first = useRef(true);
  useEffect(() => {
    if (first.current && initialText) void read(initialText);
    first.current = false;
    // Only the words the page opened with are read at once; later words wait for the button.
  }, []);

  const set = (key: keyof DraftFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const label = (key: ChipKey) => t(`draft.${key}`, { unit: fmt.unitName(fields.unit) });
  const valueOf = (key: ChipKey): string | null => {
    const f = fields;
    switch (key) {
      case 'category':
        return f.category ? categoryName(f.category) : null;
      case 'quantity':
        return /^\d+$/.test(f.quantity) && Number(f.quantity) > 0 ? fmt.quantity(Number(f.quantity), f.unit) : null;
      case 'maxPrice': {
        const paise = rupeesToPaise(f.maxPrice);
        return f.maxPrice && paise ? t('draft.maxPriceChip', { price: fmt.price(paise, f.unit) }) : null;
      }
      case 'condition':
        return f.condition === 'new' ? t('draft.conditionNew') : f.condition === 'used' ? t('draft.conditionUsed') : null;
      case 'openDays':
        return f.openDays ? t('draft.openDaysChip', { count: Number(f.openDays) }) : null;
      default:
        return f[key] || null;
    }
  };

  /** Posts the draft; answers whether it went, waits for the network, or was refused (the problem shown). */
  const send = async ({ text, fields, clientKey }: StoredDraft<DraftFields>): Promise<'posted' | 'offline' | 'refused'> => {
    setProblem(null);
    const quantity = Number(fields.quantity);
    if (!/^\d+$/.test(fields.quantity) || quantity < 1) {
      setEditing('quantity');
      setProblem(t('draft.quantityNeeded'));
      return 'refused';
    }
    const maxUnitPricePaise = fields.maxPrice ? rupeesToPaise(fields.maxPrice) : null;
    if (fields.maxPrice && !maxUnitPricePaise) {
      setEditing('maxPrice');
      setProblem(t('draft.priceInvalid'));
      return 'refused';
    }
    if (!navigator.onLine) return 'offline';
    const variables = {
      text,
      quantity,
      unit: fields.unit,
      category: fields.category || null,
      maxUnitPricePaise,
      city: fields.city || null,
      state: fields.state || null,
      neededBy: fields.neededBy || null,
      condition: fields.condition || null,
      notes: fields.notes || null,
      expiresInDays: fields.openDays ? Number(fields.openDays) : null,
      clientKey,
    };
    try {
      if (photos.length) await sendWithPhotos(variables);
      else await postRfq({ variables });
      void navigate('/rfqs', { state: { posted: true } });
      return 'posted';
    } catch (err) {
      if (err instanceof UploadError ? err.failure.kind === 'network' : isNetworkFailure(err)) return 'offline';
      setProblem(err instanceof UploadError ? (err.failure.kind === 'server' ? err.failure.message : t('draft.failed')) : (readServerError(err).message ?? t('draft.failed')));
      return 'refused';
    } finally {
      setSending(null);
    }
  };

  /** The requirement and its photos in one multipart request (the REST shim's names), with its progress. */
  const sendWithPhotos = async (v: { text: string; quantity: number; unit: string; category: string | null; maxUnitPricePaise: string | null; city: string | null; state: string | null; neededBy: string | null; condition: string | null; notes: string | null; expiresInDays: number | null; clientKey: string }) => {
    const body = { text: v.text, quantity: v.quantity, unit: v.unit, category: v.category, max_unit_price_paise: v.maxUnitPricePaise, city: v.city, state: v.state, needed_by: v.neededBy, condition: v.condition, notes: v.notes, expires_in_days: v.expiresInDays, client_key: v.clientKey };
    const form = new FormData();
    form.append('rfq', JSON.stringify(Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null))));
    for (const p of photos) form.append('photos', p, p.name);
    setSending(0);
    await uploadForm('POST', '/rfqs', form, setSending);
  };
  const busy = posting || sending !== null;

  const editor = (key: ChipKey): ReactNode => {
    const id = `rfq-${key}`;
    const input = (type: string, value: string, onChange: (v: string) => void, extra: Record<string, unknown> = {}) => (
      <input id={id} className="field__input" type={type} value={value} onChange={(e) => onChange(e.target.value)} {...extra} />
    );
    switch (key) {
      case 'category':
        return (
          <select id={id} className="field__input" value={fields.category} onChange={(e) => set('category')(e.target.value)}>
            <option value="">{t('draft.anyCategory')}</option>
            {(categories?.productCategories ?? [])
              .filter((c) => c.offered)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {hindi ? c.nameHi : c.name}
                </option>
              ))}
          </select>
        );
      case 'quantity':
        return (
          <span className="rfq-chip__pair">
            {input('number', fields.quantity, set('quantity'), { min: 1, inputMode: 'numeric' })}
            <label className="visually-hidden" htmlFor="rfq-unit">
              {t('draft.unit')}
            </label>
            <select id="rfq-unit" className="field__input" value={fields.unit} onChange={(e) => set('unit')(e.target.value)}>
              {PRICE_UNITS.map((u) => (
                <option key={u} value={u}>
                  {fmt.unitName(u)}
                </option>
              ))}
            </select>
          </span>
        );
      case 'maxPrice':
        return input('text', fields.maxPrice, set('maxPrice'), { inputMode: 'decimal' });
      case 'neededBy':
        return input('date', fields.neededBy, set('neededBy'));
      case 'condition':
        return (
          <select id={id} className="field__input" value={fields.condition} onChange={(e) => set('condition')(e.target.value)}>
            <option value="" />
            <option value="new">{t('draft.conditionNew')}</option>
            <option value="used">{t('draft.conditionUsed')}</option>
          </select>
        );
      case 'openDays':
        return input('number', fields.openDays, set('openDays'), { min: 1, max: 14, inputMode: 'numeric' });
      case 'notes':
        return <textarea id={id} className="field__input" rows={2} maxLength={1000} value={fields.notes} onChange={(e) => set('notes')(e.target.value)} />;
      default:
        return input('text', fields[key], set(key), { maxLength: 60 });
    }
  };

  return (
    <section className="page rfq-draft" aria-labelledby="rfq-draft-title">
      <h1 id="rfq-draft-title">{t('draft.title')}</h1>
      <p>{t('draft.intro')}</p>
      <div className="field">
        <label className="field__label" htmlFor="rfq-text">
          {t('draft.textLabel')}
        </label>
        <textarea id="rfq-text" className="field__input" rows={2} maxLength={500} value={text} placeholder={t('draft.textPlaceholder')} onChange={(e) => setText(e.target.value)} />
      </div>
      <button type="button" className="button button--secondary" disabled={reading || !text.trim()} onClick={() => void read(text)}>
        {reading ? t('draft.reading') : t('draft.read')}
      </button>
      {readError ? <p role="alert">{t('draft.readFailed')}</p> : null}

      <ul className="rfq-chips" aria-label={t('draft.chipsLabel')}>
        {CHIPS.map((key) => {
          const value = valueOf(key);
          if (editing === key) {
            return (
              <li key={key} className="rfq-chip rfq-chip--editing">
                <label className="field__label" htmlFor={`rfq-${key}`}>
                  {label(key)}
                </label>
                {editor(key)}
                <button type="button" className="button button--primary rfq-chip__done" onClick={() => setEditing(null)}>
                  {t('draft.done')}
                </button>
              </li>
            );
          }
          return (
            <li key={key} className={`rfq-chip${value ? '' : ' rfq-chip--empty'}`}>
              <button type="button" className="rfq-chip__edit" onClick={() => setEditing(key)} aria-label={value ? t('draft.change', { label: label(key), value }) : t('draft.add', { label: label(key) })}>
                {value ? (
                  <>
                    <span className="rfq-chip__label">{label(key)}</span> {value}
                  </>
                ) : (
                  `+ ${label(key)}`
                )}
              </button>
              {value && key !== 'quantity' && key !== 'openDays' ? (
                <button type="button" className="rfq-chip__remove" aria-label={t('draft.remove', { label: label(key) })} onClick={() => set(key)('')}>
                  ×
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <RfqPhotoPicker files={photos} onChange={setPhotos} onProblem={setProblem} disabled={busy} />
      <FormError message={problem} />
      {goods.waiting ? (
        <p className="rfq-draft__waiting" role="status">
          {t('draft.waitingForNetwork')}
        </p>
      ) : null}
      {sending !== null ? (
        <p className="rfq-draft__progress" role="status">
          <progress max={100} value={sending} aria-label={t('photos.sending')} /> {t('photos.sendingPercent', { percent: sending })}
        </p>
      ) : null}
      <button type="button" className="button button--primary rfq-draft__post" disabled={busy || !text.trim()} onClick={() => void goods.submit()}>
        {busy ? t('draft.posting') : t('draft.post')}
      </button>
    </section>
  );
}
