import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../components/ui/use-page-title';
import {
  ProductDetailsDocument,
  SetProductQuestionsDocument,
  UpdateProductDocument,
  type ProductDetailsFieldsFragment,
} from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { isRupeeAmount } from '../../../lib/money';
import { isCondition, type Condition } from '../utils/product-rules';
import { CategorySelect } from './category-select';
import { ConditionSelect } from './condition-select';
import { GalleryEditor } from './gallery-editor';
import { questionsProblem, QuestionsEditor, toDraft, type DraftQuestion } from './questions-editor';
import { TagInput } from './tag-input';
import './products.css';

/** /seller/products/edit/{id}: loads the product, then the edit form, gallery and questions. */
export function EditProductPage({ id }: { id: string }) {
  const { t } = useTranslation('products');
  usePageTitle(t('form.editTitle'));
  const { data, loading, error, refetch } = useQuery(ProductDetailsDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const product = data?.product;
  // Unsaved edits of the form or of the questions: leaving asks first (in the app and on reload/close).
  const [unsaved, setUnsaved] = useState({ form: false, questions: false });
  const formDirty = useCallback((dirty: boolean) => setUnsaved((u) => (u.form === dirty ? u : { ...u, form: dirty })), []);
  const questionsDirty = useCallback((dirty: boolean) => setUnsaved((u) => (u.questions === dirty ? u : { ...u, questions: dirty })), []);

  return (
    <section className="page page--narrow product-form-page" aria-labelledby="edit-product-title">
      <h1 id="edit-product-title">{t('form.editTitle')}</h1>
      {!product && loading ? <p role="status">{t('form.loading')}</p> : null}
      {!product && error ? (
        <p className="form-error" role="alert">
          {t('form.loadFailed')}
        </p>
      ) : null}
      {product && !product.isOwner ? (
        <p className="form-error" role="alert">
          {t('form.notOwner')}
        </p>
      ) : null}
      {product?.isOwner ? (
        <>
          <Link to={`/product/${product.id}`}>{t('form.viewProduct')}</Link>
          <EditProductForm key={product.id} product={product} onDirtyChange={formDirty} />
          <GalleryEditor product={product} onUploaded={() => refetch()} />
          <ProductQuestions key={`q-${product.id}`} product={product} onDirtyChange={questionsDirty} />
        </>
      ) : null}
      <UnsavedChangesGuard when={unsaved.form || unsaved.questions} />
    </section>
  );
}

interface EditFields {
  title: string;
  description: string;
  productType: 'new' | 'used';
  condition: Condition | '';
  purchaseType: 'buy_now' | 'inquire';
  category: string;
  price: string;
  minQuantity: string;
  quantity: string;
  tags: string[];
  city: string;
  state: string;
  contact: string;
}

const fieldsOf = (p: ProductDetailsFieldsFragment): EditFields => ({
  title: p.title,
  description: p.description,
  productType: p.productType === 'used' ? 'used' : 'new',
  condition: isCondition(p.condition) ? p.condition : '',
  purchaseType: p.purchaseType === 'buy_now' ? 'buy_now' : 'inquire',
  category: p.category,
  price: p.priceInInr ?? '',
  minQuantity: String(p.minQuantity),
  quantity: String(p.maxQuantity),
  tags: p.tags,
  city: p.city ?? '',
  state: p.state ?? '',
  contact: p.contact ?? '',
});

/**
 * The edit form (docs/product.md#validation): title, description, condition, category, price, quantity
 * required; the minimum order quantity too (the server keeps the maximum at least the minimum).
 */
function EditProductForm({ product, onDirtyChange }: { product: ProductDetailsFieldsFragment; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation('products');
  const [f, setF] = useState<EditFields>(() => fieldsOf(product));
  const [saved, setSaved] = useState<EditFields>(f);
  useEffect(() => onDirtyChange(JSON.stringify(f) !== JSON.stringify(saved)), [f, saved, onDirtyChange]);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UpdateProductDocument);
  const set = <K extends keyof EditFields>(key: K, value: EditFields[K]) => setF((prev) => ({ ...prev, [key]: value }));
  const fail = (text: string, fields: string[] = []) => {
    setNotice(null);
    setError(text);
    setInvalid(new Set(fields));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const needsPrice = f.purchaseType === 'buy_now';
    const missing = [
      ['title', f.title.trim()],
      ['description', f.description.trim()],
      ['condition', f.condition],
      ['category', f.category],
      ['minQuantity', f.minQuantity.trim()],
      ['quantity', f.quantity.trim()],
      ['price', needsPrice ? f.price.trim() : 'n/a'],
    ].flatMap(([name, value]) => (value ? [] : [name]));
    if (missing.length) return fail(t('form.required'), missing);
    if (f.price.trim() && !isRupeeAmount(f.price)) return fail(t('form.priceInvalid'), ['price']);
    const minQuantity = Number(f.minQuantity);
    if (!Number.isInteger(minQuantity) || minQuantity < 1) return fail(t('form.minQuantityInvalid'), ['minQuantity']);
    const quantity = Number(f.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) return fail(t('form.quantityInvalid'), ['quantity']);
    if (quantity < minQuantity) return fail(t('form.quantityBelowMinimum'), ['quantity', 'minQuantity']);
    setError(null);
    setInvalid(new Set());
    try {
      await update({
        variables: {
          id: product.id,
          input: {
            title: f.title.trim(),
            description: f.description.trim(),
            productType: f.productType,
            condition: f.condition || null,
            purchaseType: f.purchaseType,
            category: f.category,
            price: f.price.trim() || null,
            minQuantity,
            maxQuantity: quantity,
            tags: f.tags,
            city: f.city.trim() || null,
            state: f.state.trim() || null,
            contact: f.contact.trim() || null,
          },
        },
      });
      setSaved(f);
      setNotice(t('form.updated'));
    } catch (failure) {
      fail(readServerError(failure).message ?? t('form.updateFailed'));
    }
  };

  const bad = (name: string) => invalid.has(name);
  return (
    <form className="product-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField id="edit-title" label={t('form.title')} value={f.title} maxLength={200} invalid={bad('title')} onChange={(e) => set('title', e.target.value)} />
      <div className={['field', bad('description') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor="edit-description">
          {t('form.description')}
        </label>
        <textarea
          id="edit-description"
          className="field__input"
          rows={5}
          maxLength={10000}
          value={f.description}
          aria-invalid={bad('description') || undefined}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="product-form__row">
        <ConditionSelect id="edit-condition" label={t('form.conditionRequired')} value={f.condition} invalid={bad('condition')} onChange={(v) => set('condition', v)} />
        <CategorySelect id="edit-category" label={t('form.category')} value={f.category} invalid={bad('category')} onChange={(v) => set('category', v)} />
      </div>
      <div className="product-form__row">
        <div className="field">
          <label className="field__label" htmlFor="edit-product-type">
            {t('form.productType')}
          </label>
          <select id="edit-product-type" className="field__input" value={f.productType} onChange={(e) => set('productType', e.target.value === 'used' ? 'used' : 'new')}>
            <option value="new">{t('form.productTypes.new')}</option>
            <option value="used">{t('form.productTypes.used')}</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="edit-purchase-type">
            {t('form.purchaseType')}
          </label>
          <select id="edit-purchase-type" className="field__input" value={f.purchaseType} onChange={(e) => set('purchaseType', e.target.value === 'buy_now' ? 'buy_now' : 'inquire')}>
            <option value="inquire">{t('form.purchaseTypes.inquire')}</option>
            <option value="buy_now">{t('form.purchaseTypes.buy_now')}</option>
          </select>
        </div>
      </div>
      <div className="product-form__row">
        <TextField
          id="edit-price"
          label={t('form.price')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={f.price}
          invalid={bad('price')}
          onChange={(e) => set('price', e.target.value)}
        />
      </div>
      <div className="product-form__row">
        <TextField
          id="edit-min-quantity"
          label={t('form.minQuantity')}
          type="number"
          min={1}
          step={1}
          value={f.minQuantity}
          invalid={bad('minQuantity')}
          onChange={(e) => set('minQuantity', e.target.value)}
        />
        <TextField id="edit-quantity" label={t('form.quantity')} type="number" min={1} step={1} value={f.quantity} invalid={bad('quantity')} onChange={(e) => set('quantity', e.target.value)} />
      </div>
      <TagInput id="edit-tags" tags={f.tags} onChange={(tags) => set('tags', tags)} />
      <div className="product-form__row">
        <TextField id="edit-city" label={t('form.city')} value={f.city} maxLength={100} onChange={(e) => set('city', e.target.value)} />
        <TextField id="edit-state" label={t('form.state')} value={f.state} maxLength={100} onChange={(e) => set('state', e.target.value)} />
      </div>
      <TextField id="edit-contact" label={t('form.contact')} value={f.contact} maxLength={100} onChange={(e) => set('contact', e.target.value)} />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={loading} aria-busy={loading}>
        {loading ? t('form.saving') : t('form.save')}
      </button>
    </form>
  );
}

/** The product's buyer questions, saved on their own. */
function ProductQuestions({ product, onDirtyChange }: { product: ProductDetailsFieldsFragment; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation('products');
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => product.customQuestions.map(toDraft));
  const [saved, setSaved] = useState(() => questionsKey(questions));
  useEffect(() => onDirtyChange(questionsKey(questions) !== saved), [questions, saved, onDirtyChange]);
  const [status, setStatus] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  const [save, { loading }] = useMutation(SetProductQuestionsDocument);

  const onSave = async () => {
    const problem = questionsProblem(questions);
    if (problem) return setStatus({ kind: 'error', text: t(`questions.${problem}`) });
    try {
      const { data } = await save({
        variables: {
          id: product.id,
          questions: questions.map((q) => ({ id: q.id, question: q.question.trim(), questionType: q.questionType, mandatory: q.mandatory })),
        },
      });
      if (data) {
        const stored = data.setProductQuestions.customQuestions.map(toDraft);
        setQuestions(stored);
        setSaved(questionsKey(stored));
      }
      setStatus({ kind: 'notice', text: t('questions.saved') });
    } catch (failure) {
      setStatus({ kind: 'error', text: readServerError(failure).message ?? t('questions.saveFailed') });
    }
  };

  return (
    <section className="product-questions" aria-label={t('questions.title')}>
      <QuestionsEditor
        questions={questions}
        onChange={setQuestions}
        context={{ description: product.description, title: product.title, category: product.category, productType: product.productType, productId: product.id }}
      />
      {status ? (
        <p className={status.kind === 'error' ? 'form-error' : 'form-notice'} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
      <button type="button" className="button button--primary" onClick={() => void onSave()} disabled={loading} aria-busy={loading}>
        {t('questions.save')}
      </button>
    </section>
  );
}

/** What the seller sees of the questions (draft keys aside): equal keys mean nothing to save. */
const questionsKey = (questions: DraftQuestion[]) => JSON.stringify(questions.map((q) => [q.id ?? null, q.question.trim(), q.questionType, q.mandatory]));

/**
 * Asks before leaving a page with unsaved changes: a dialog for links and back inside the app, the
 * browser's own question for a reload or closing the tab.
 */
function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('products');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal labelledBy="unsaved-title" onClose={() => blocker.reset()}>
      <div className="unsaved-dialog">
        <h2 id="unsaved-title">{t('unsaved.title')}</h2>
        <p>{t('unsaved.body')}</p>
        <div className="notice-page__actions">
          <button type="button" className="button button--primary" onClick={() => blocker.reset()}>
            {t('unsaved.stay')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => blocker.proceed()}>
            {t('unsaved.leave')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
