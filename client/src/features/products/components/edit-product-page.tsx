import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../components/ui/use-page-title';
import {
  ProductDetailsDocument,
  UpdateProductDocument,
  type ProductDetailsFieldsFragment,
} from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { isRupeeAmount } from '../../../lib/money';
import { errorIdOf, formProblems, say, serverFieldErrors, useFieldErrors, type FieldMessage } from '../utils/field-errors';
import { isCondition, type Condition } from '../utils/product-rules';
import { CategorySelect } from './category-select';
import { ConditionSelect } from './condition-select';
import { GalleryEditor } from './gallery-editor';
import { questionErrors, questionInputId, QuestionsEditor, toDraft, type DraftQuestion } from './questions-editor';
import { TagInput } from './tag-input';
import './products.css';

/** /seller/products/edit/{id}: loads the product, then the edit form, gallery and questions. */
export function EditProductPage({ id }: { id: string }) {
  const { t } = useTranslation('products');
  usePageTitle(t('form.editTitle'));
  const { data, loading, error, refetch } = useQuery(ProductDetailsDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const product = data?.product;
  // Unsaved edits of the fields or of the questions: leaving asks first (in the app and on reload/close).
  const [unsaved, setUnsaved] = useState(false);

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
          <EditProductForm key={product.id} product={product} onDirtyChange={setUnsaved} />
          <GalleryEditor product={product} onUploaded={() => refetch()} />
        </>
      ) : null}
      <UnsavedChangesGuard when={unsaved} />
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

/** The element id of each field a message can be about (the questions' are `questionInputId(key)`). */
const EDIT_IDS = {
  title: 'edit-title',
  description: 'edit-description',
  condition: 'edit-condition',
  category: 'edit-category',
  price: 'edit-price',
  minQuantity: 'edit-min-quantity',
  quantity: 'edit-quantity',
} as const;

/** The server's names (the GraphQL input's) of the fields above. */
const SERVER_EDIT_FIELDS: Record<string, keyof typeof EDIT_IDS> = {
  title: 'title',
  description: 'description',
  condition: 'condition',
  category: 'category',
  price: 'price',
  minQuantity: 'minQuantity',
  maxQuantity: 'quantity',
};

/**
 * The edit form (docs/product.md#validation): title, description, condition, category, price, quantity
 * required; the minimum order quantity too (the server keeps the maximum at least the minimum). The
 * buyer questions are part of it: one Save changes sends the fields and the questions together.
 */
function EditProductForm({ product, onDirtyChange }: { product: ProductDetailsFieldsFragment; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation('products');
  const [f, setF] = useState<EditFields>(() => fieldsOf(product));
  const [saved, setSaved] = useState<EditFields>(f);
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => product.customQuestions.map(toDraft));
  const [savedQuestions, setSavedQuestions] = useState(() => questionsKey(questions));
  const dirty = JSON.stringify(f) !== JSON.stringify(saved) || questionsKey(questions) !== savedQuestions;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const fieldErrors = useFieldErrors();
  const { errors, clear } = fieldErrors;
  const [summary, setSummary] = useState<{ text: FieldMessage; fromFields: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UpdateProductDocument);
  if (summary?.fromFields && fieldErrors.count === 0) setSummary(null);

  const set = <K extends keyof EditFields>(key: K, value: EditFields[K]) => {
    setF((prev) => ({ ...prev, [key]: value }));
    setNotice(null);
    if (key in EDIT_IDS) clear(EDIT_IDS[key as keyof typeof EDIT_IDS]);
    // The two quantities are checked against each other: fixing either clears both.
    if (key === 'minQuantity' || key === 'quantity') {
      clear(EDIT_IDS.minQuantity);
      clear(EDIT_IDS.quantity);
    }
  };
  const onQuestions = (next: DraftQuestion[]) => {
    setQuestions(next);
    setNotice(null);
    for (const q of questions) if (!next.some((n) => n.key === q.key && n.question.trim() === '')) clear(questionInputId(q.key));
  };

  const check = (): { errors: Record<string, FieldMessage>; missing: boolean } => {
    const problems = formProblems();
    const { need, errors: found } = problems;
    need(f.title.trim(), EDIT_IDS.title, { key: 'form.titleRequired' });
    need(f.description.trim(), EDIT_IDS.description, { key: 'form.descriptionRequired' });
    need(f.condition, EDIT_IDS.condition, { key: 'form.conditionMissing' });
    need(f.category, EDIT_IDS.category, { key: 'form.categoryRequired' });
    need(f.purchaseType !== 'buy_now' || f.price.trim(), EDIT_IDS.price, { key: 'form.priceRequired' });
    need(f.minQuantity.trim(), EDIT_IDS.minQuantity, { key: 'form.minQuantityRequired' });
    need(f.quantity.trim(), EDIT_IDS.quantity, { key: 'form.quantityRequired' });
    if (f.price.trim() && !isRupeeAmount(f.price)) found[EDIT_IDS.price] = { key: 'form.priceInvalid' };
    const minQuantity = Number(f.minQuantity);
    const quantity = Number(f.quantity);
    const minOk = Number.isInteger(minQuantity) && minQuantity >= 1;
    const quantityOk = Number.isInteger(quantity) && quantity >= 1;
    if (f.minQuantity.trim() && !minOk) found[EDIT_IDS.minQuantity] = { key: 'form.minQuantityInvalid' };
    if (f.quantity.trim() && !quantityOk) found[EDIT_IDS.quantity] = { key: 'form.quantityInvalid' };
    if (minOk && quantityOk && quantity < minQuantity) {
      found[EDIT_IDS.minQuantity] = { key: 'form.quantityBelowMinimum' };
      found[EDIT_IDS.quantity] = { key: 'form.quantityBelowMinimum' };
    }
    Object.assign(found, questionErrors<FieldMessage>(questions, { key: 'questions.emptyText' }));
    return { errors: found, missing: problems.missing };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setNotice(null);
    const problems = check();
    if (Object.keys(problems.errors).length) {
      setSummary({ text: { key: problems.missing ? 'form.required' : 'form.fixMarked' }, fromFields: true });
      fieldErrors.report(problems.errors);
      return;
    }
    setSummary(null);
    fieldErrors.reset();
    const sent = f;
    try {
      const { data } = await update({
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
            minQuantity: Number(f.minQuantity),
            maxQuantity: Number(f.quantity),
            tags: f.tags,
            city: f.city.trim() || null,
            state: f.state.trim() || null,
            contact: f.contact.trim() || null,
            customQuestions: questions.map((q) => ({ id: q.id, question: q.question.trim(), questionType: q.questionType, mandatory: q.mandatory })),
          },
        },
      });
      setSaved(sent);
      // The questions as stored (a new one now has its id).
      const stored = data ? data.updateProduct.customQuestions.map(toDraft) : questions;
      setQuestions(stored);
      setSavedQuestions(questionsKey(stored));
      setNotice(t('form.updated'));
    } catch (failure) {
      const { message, details } = readServerError(failure);
      // Refused input: the fields the server names are marked with its messages, focus on the first.
      const marked = serverFieldErrors(details.fields, ([name, index]) => {
        if (name === 'customQuestions') {
          const q = questions[Number(index)];
          return q ? questionInputId(q.key) : null;
        }
        const key = SERVER_EDIT_FIELDS[name];
        return key ? EDIT_IDS[key] : null;
      });
      const named = Object.keys(marked).length > 0;
      setSummary({ text: message ?? { key: 'form.updateFailed' }, fromFields: named });
      if (named) fieldErrors.report(marked);
    }
  };

  const err = (key: keyof typeof EDIT_IDS) => {
    const message = errors[EDIT_IDS[key]];
    return message === undefined ? null : say(t, message);
  };
  const questionMessages = Object.fromEntries(Object.entries(errors).map(([id, message]) => [id, say(t, message)]));
  return (
    <form className="product-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={summary ? 'edit-product-error' : undefined}>
      <TextField id={EDIT_IDS.title} label={t('form.title')} value={f.title} maxLength={200} error={err('title')} announceError={false} onChange={(e) => set('title', e.target.value)} />
      <div className={['field', err('description') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={EDIT_IDS.description}>
          {t('form.description')}
        </label>
        <textarea
          id={EDIT_IDS.description}
          className="field__input"
          rows={5}
          maxLength={10000}
          value={f.description}
          aria-invalid={err('description') ? true : undefined}
          aria-describedby={err('description') ? errorIdOf(EDIT_IDS.description) : undefined}
          onChange={(e) => set('description', e.target.value)}
        />
        {err('description') ? (
          <p id={errorIdOf(EDIT_IDS.description)} className="field__error">
            {err('description')}
          </p>
        ) : null}
      </div>
      <div className="product-form__row">
        <ConditionSelect id={EDIT_IDS.condition} label={t('form.conditionRequired')} value={f.condition} error={err('condition')} onChange={(v) => set('condition', v)} />
        <CategorySelect id={EDIT_IDS.category} label={t('form.category')} value={f.category} error={err('category')} onChange={(v) => set('category', v)} />
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
          <select
            id="edit-purchase-type"
            className="field__input"
            value={f.purchaseType}
            onChange={(e) => {
              set('purchaseType', e.target.value === 'buy_now' ? 'buy_now' : 'inquire');
              clear(EDIT_IDS.price);
            }}
          >
            <option value="inquire">{t('form.purchaseTypes.inquire')}</option>
            <option value="buy_now">{t('form.purchaseTypes.buy_now')}</option>
          </select>
        </div>
      </div>
      <div className="product-form__row">
        <TextField
          id={EDIT_IDS.price}
          label={t('form.price')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={f.price}
          error={err('price')}
          announceError={false}
          onChange={(e) => set('price', e.target.value)}
        />
      </div>
      <div className="product-form__row">
        <TextField
          id={EDIT_IDS.minQuantity}
          label={t('form.minQuantity')}
          type="number"
          min={1}
          step={1}
          value={f.minQuantity}
          error={err('minQuantity')}
          announceError={false}
          onChange={(e) => set('minQuantity', e.target.value)}
        />
        <TextField
          id={EDIT_IDS.quantity}
          label={t('form.quantity')}
          type="number"
          min={1}
          step={1}
          value={f.quantity}
          error={err('quantity')}
          announceError={false}
          onChange={(e) => set('quantity', e.target.value)}
        />
      </div>
      <TagInput id="edit-tags" tags={f.tags} onChange={(tags) => set('tags', tags)} />
      <div className="product-form__row">
        <TextField id="edit-city" label={t('form.city')} value={f.city} maxLength={100} onChange={(e) => set('city', e.target.value)} />
        <TextField id="edit-state" label={t('form.state')} value={f.state} maxLength={100} onChange={(e) => set('state', e.target.value)} />
      </div>
      <TextField id="edit-contact" label={t('form.contact')} value={f.contact} maxLength={100} onChange={(e) => set('contact', e.target.value)} />
      <QuestionsEditor
        questions={questions}
        onChange={onQuestions}
        errors={questionMessages}
        onNeedDescription={() => {
          fieldErrors.set(EDIT_IDS.description, { key: 'questions.needDescription' });
          document.getElementById(EDIT_IDS.description)?.focus();
        }}
        context={{ description: f.description, title: f.title, category: f.category, productType: f.productType, productId: product.id }}
      />
      {summary ? (
        <p id="edit-product-error" className="form-error" role="alert">
          {say(t, summary.text)}
        </p>
      ) : null}
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="product-form__save">
        <button type="submit" className="button button--primary" disabled={loading} aria-busy={loading}>
          {loading ? t('form.saving') : t('form.save')}
        </button>
        {dirty ? <span className="field__hint">{t('form.unsavedNote')}</span> : null}
      </div>
    </form>
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
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers that predate preventDefault() here (and some headless ones) ask only when a value is set.
      event.returnValue = '';
    };
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
