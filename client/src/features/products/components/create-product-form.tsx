import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { isRupeeAmount } from '../../../lib/money';
import { galleryProblem, parseTags, quantityOrOne, thumbnailProblem, type Condition, type FileProblem } from '../utils/product-rules';
import { uploadErrorMessage, uploadForm, UploadError } from '../../../lib/upload';
import { CategorySelect } from './category-select';
import { ConditionSelect } from './condition-select';
import { questionsProblem, QuestionsEditor, type DraftQuestion } from './questions-editor';
import './products.css';

/** docs/product.md#limits: after a product is created, its page opens 2 s later. */
export const CREATED_REDIRECT_MS = 2000;

interface Fields {
  title: string;
  description: string;
  productType: 'new' | 'used';
  condition: Condition;
  purchaseType: 'buy_now' | 'inquire';
  category: string;
  tags: string;
  price: string;
  minQuantity: string;
  maxQuantity: string;
  city: string;
  state: string;
  contact: string;
}

const INITIAL: Fields = {
  title: '',
  description: '',
  productType: 'new',
  condition: 'new',
  purchaseType: 'inquire',
  category: 'Other',
  tags: '',
  price: '',
  minQuantity: '1',
  maxQuantity: '1',
  city: '',
  state: '',
  contact: '',
};

interface CreateAnswer {
  product_id?: string;
  product?: { product_id?: string };
}

/** Thumbnails of the pictures chosen, before anything is uploaded (object URLs, released when the choice changes). */
function ChosenPictures({ files, label }: { files: File[]; label: string }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    if (!files.length || typeof URL.createObjectURL !== 'function') return setUrls([]);
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  if (!urls.length) return null;
  return (
    <ul className="chosen-pictures" aria-label={label}>
      {urls.map((url, i) => (
        <li key={url}>
          <img src={url} alt={files[i]?.name ?? ''} width={72} height={72} />
        </li>
      ))}
    </ul>
  );
}

/** /sell and /seller/products/create: the product creation form (docs/product.md#screens-and-routes and #states-and-transitions and #validation and #errors). */
export function CreateProductForm() {
  const { t } = useTranslation('products');
  usePageTitle(t('form.createTitle'));
  const navigate = useNavigate();
  const [f, setF] = useState<Fields>(INITIAL);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [gallery, setGallery] = useState<File[]>([]);
  const [questions, setQuestions] = useState<DraftQuestion[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState(false);
  const thumbnailInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (redirect.current) clearTimeout(redirect.current);
  }, []);

  /** A field edited is no longer marked invalid: its red border goes as the user fixes it. */
  const clearInvalid = (name: string) =>
    setInvalid((prev) => {
      if (!prev.has(name)) return prev;
      const next = new Set(prev);
      next.delete(name);
      return next;
    });
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setF((prev) => ({ ...prev, [key]: value }));
    clearInvalid(key);
  };
  const problemText = (p: FileProblem) => t(`form.${p.key}`, p.values ?? {});
  /** Shows the message and moves focus to the first field it names, so the user lands where the fix is. */
  const fail = (text: string, fields: string[] = []) => {
    setError(text);
    setInvalid(new Set(fields));
    if (fields[0]) document.getElementById(`product-${fields[0]}`)?.focus();
  };

  const onThumbnail = (file: File | undefined) => {
    const problem = file ? thumbnailProblem(file) : null;
    if (problem) {
      fail(problemText(problem), ['thumbnail']);
      setThumbnail(null);
      if (thumbnailInput.current) thumbnailInput.current.value = '';
      return;
    }
    setError(null);
    clearInvalid('thumbnail');
    setThumbnail(file ?? null);
  };

  const onGallery = (files: File[]) => {
    const problem = galleryProblem(files);
    if (problem) {
      fail(problemText(problem), ['gallery']);
      setGallery([]);
      if (galleryInput.current) galleryInput.current.value = '';
      return;
    }
    setError(null);
    clearInvalid('gallery');
    setGallery(files);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (progress !== null || created) return;
    const missing = [
      ['title', f.title.trim()],
      ['description', f.description.trim()],
      ['category', f.category],
      ['thumbnail', thumbnail],
    ].flatMap(([name, value]) => (value ? [] : [name as string]));
    if (missing.length) return fail(t('form.required'), missing);
    const thumbProblem = thumbnail && thumbnailProblem(thumbnail);
    if (thumbProblem) return fail(problemText(thumbProblem), ['thumbnail']);
    const galProblem = galleryProblem(gallery);
    if (galProblem) return fail(problemText(galProblem), ['gallery']);
    if (f.purchaseType === 'buy_now' && f.price.trim() === '') return fail(t('form.priceRequired'), ['price']);
    if (f.purchaseType === 'buy_now' && !isRupeeAmount(f.price)) return fail(t('form.priceInvalid'), ['price']);
    const qProblem = questionsProblem(questions);
    if (qProblem) return fail(t(`questions.${qProblem}`));

    const minQuantity = quantityOrOne(f.minQuantity);
    const product = {
      title: f.title.trim(),
      description: f.description.trim(),
      product_type: f.productType,
      purchase_type: f.purchaseType,
      condition: f.condition,
      category: f.category,
      tags: parseTags(f.tags),
      quantity: { min_quantity: minQuantity, max_quantity: Math.max(minQuantity, quantityOrOne(f.maxQuantity)) },
      ...(f.purchaseType === 'buy_now' ? { price: f.price.trim() } : {}),
      location: { city: f.city.trim(), state: f.state.trim() },
      contact: f.contact.trim(),
      custom_questions: {
        questions: questions.map((q) => ({ question: q.question.trim(), question_type: q.questionType === 'YesNo' ? 'yes_no' : 'free_response', mandatory: q.mandatory })),
      },
    };
    const form = new FormData();
    form.append('product', JSON.stringify(product));
    form.append('thumbnail', thumbnail as File);
    for (const file of gallery) form.append('gallery', file);

    setError(null);
    setInvalid(new Set());
    setProgress(0);
    try {
      const answer = await uploadForm<CreateAnswer>('POST', '/seller/products/create', form, setProgress);
      const id = answer.product?.product_id ?? answer.product_id;
      setCreated(true);
      redirect.current = setTimeout(() => navigate(id ? `/product/${id}` : '/dashboard'), CREATED_REDIRECT_MS);
    } catch (failure) {
      const offline = failure instanceof UploadError && failure.failure.kind === 'network';
      fail(offline ? t('form.createFailed') : uploadErrorMessage(failure, t));
    } finally {
      setProgress(null);
    }
  };

  const bad = (name: string) => invalid.has(name);
  const thumbnailFiles = useMemo(() => (thumbnail ? [thumbnail] : []), [thumbnail]);
  const busy = progress !== null;

  return (
    <section className="page page--narrow product-form-page" aria-labelledby="create-product-title">
      <h1 id="create-product-title">{t('form.createTitle')}</h1>
      <p className="field__hint">{t('form.requiredNote')}</p>
      <form className="product-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? 'create-product-error' : undefined}>
        <TextField id="product-title" label={t('form.title')} value={f.title} maxLength={200} invalid={bad('title')} onChange={(e) => set('title', e.target.value)} />
        <div className={['field', bad('description') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor="product-description">
            {t('form.description')}
          </label>
          <textarea
            id="product-description"
            className="field__input"
            rows={5}
            maxLength={10000}
            value={f.description}
            aria-invalid={bad('description') || undefined}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <CategorySelect id="product-category" label={t('form.category')} value={f.category} onChange={(v) => set('category', v)} createForm invalid={bad('category')} />
        <div className="product-form__row">
          <div className="field">
            <label className="field__label" htmlFor="product-type">
              {t('form.productType')}
            </label>
            <select
              id="product-type"
              className="field__input"
              value={f.productType}
              onChange={(e) => {
                const productType = e.target.value === 'used' ? 'used' : 'new';
                setF((prev) => ({ ...prev, productType, condition: productType === 'new' ? 'new' : prev.condition === 'new' ? 'good' : prev.condition }));
              }}
            >
              <option value="new">{t('form.productTypes.new')}</option>
              <option value="used">{t('form.productTypes.used')}</option>
            </select>
          </div>
          <ConditionSelect id="product-condition" label={t('form.condition')} value={f.condition} onChange={(v) => set('condition', v)} />
        </div>

        <div className="product-form__row">
          <div className="field">
            <label className="field__label" htmlFor="product-purchase-type">
              {t('form.purchaseType')}
            </label>
            <select id="product-purchase-type" className="field__input" value={f.purchaseType} onChange={(e) => set('purchaseType', e.target.value === 'buy_now' ? 'buy_now' : 'inquire')}>
              <option value="inquire">{t('form.purchaseTypes.inquire')}</option>
              <option value="buy_now">{t('form.purchaseTypes.buy_now')}</option>
            </select>
          </div>
          {f.purchaseType === 'buy_now' ? (
            <TextField
              id="product-price"
              label={t('form.price')}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={f.price}
              invalid={bad('price')}
              describedBy={['product-price-hint']}
              onChange={(e) => set('price', e.target.value)}
            />
          ) : null}
        </div>
        {f.purchaseType === 'buy_now' ? (
          <p id="product-price-hint" className="field__hint">
            {t('form.priceHint')}
          </p>
        ) : null}
        <div className="product-form__row">
          <TextField id="product-min-quantity" label={t('form.minQuantity')} type="number" min={1} step={1} value={f.minQuantity} onChange={(e) => set('minQuantity', e.target.value)} />
          <TextField id="product-max-quantity" label={t('form.maxQuantity')} type="number" min={1} step={1} value={f.maxQuantity} onChange={(e) => set('maxQuantity', e.target.value)} />
        </div>

        <TextField id="product-tags" label={t('form.tags')} value={f.tags} describedBy={['product-tags-hint']} onChange={(e) => set('tags', e.target.value)} />
        <p id="product-tags-hint" className="field__hint">
          {t('form.tagsHint')}
        </p>
        <fieldset className="product-form__group">
          <legend>{t('form.location')}</legend>
          <div className="product-form__row">
            <TextField id="product-city" label={t('form.city')} value={f.city} maxLength={100} autoComplete="address-level2" onChange={(e) => set('city', e.target.value)} />
            <TextField id="product-state" label={t('form.state')} value={f.state} maxLength={100} autoComplete="address-level1" onChange={(e) => set('state', e.target.value)} />
          </div>
        </fieldset>
        <TextField id="product-contact" label={t('form.contact')} value={f.contact} maxLength={100} onChange={(e) => set('contact', e.target.value)} />

        <div className={['field', bad('thumbnail') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor="product-thumbnail">
            {t('form.thumbnail')}
          </label>
          <input
            ref={thumbnailInput}
            id="product-thumbnail"
            className="field__input"
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            aria-invalid={bad('thumbnail') || undefined}
            aria-describedby="product-thumbnail-hint"
            onChange={(e) => onThumbnail(e.target.files?.[0])}
          />
          <p id="product-thumbnail-hint" className="field__hint">
            {t('form.thumbnailHint')}
          </p>
          <ChosenPictures files={thumbnailFiles} label={t('form.chosenPictures')} />
        </div>
        <div className={['field', bad('gallery') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor="product-gallery">
            {t('form.gallery')}
          </label>
          <input
            ref={galleryInput}
            id="product-gallery"
            className="field__input"
            type="file"
            multiple
            aria-invalid={bad('gallery') || undefined}
            aria-describedby="product-gallery-hint"
            onChange={(e) => onGallery(Array.from(e.target.files ?? []))}
          />
          <p id="product-gallery-hint" className="field__hint">
            {t('form.galleryHint')}
            {gallery.length ? ` ${t('form.selectedFiles', { names: gallery.map((g) => g.name).join(', ') })}` : ''}
          </p>
          <ChosenPictures files={gallery} label={t('form.chosenPictures')} />
        </div>

        <QuestionsEditor
          questions={questions}
          onChange={setQuestions}
          context={{ description: f.description, title: f.title, category: f.category, productType: f.productType }}
        />

        {error ? (
          <p id="create-product-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {created ? (
          <p className="form-notice" role="status">
            {t('form.created')}
          </p>
        ) : null}
        {busy ? <progress className="upload-progress" max={100} value={progress} aria-label={t('form.progress')} /> : null}
        <button type="submit" className="button button--primary" disabled={busy || created} aria-busy={busy}>
          {busy ? t('form.uploading', { percent: progress }) : t('form.submit')}
        </button>
      </form>
    </section>
  );
}
