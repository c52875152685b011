import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { isRupeeAmount } from '../../../lib/money';
import { errorIdOf, formProblems, say, serverFieldErrors, useFieldErrors, type FieldMessage } from '../utils/field-errors';
import { galleryProblem, MAX_GALLERY, parseTags, quantityOrOne, thumbnailProblem, type Condition, type FileProblem } from '../utils/product-rules';
import { uploadErrorMessage, uploadForm, UploadError } from '../../../lib/upload';
import { CategorySelect } from './category-select';
import { ConditionSelect } from './condition-select';
import { PictureDropZone } from './picture-drop-zone';
import { questionErrors, questionInputId, QuestionsEditor, type DraftQuestion } from './questions-editor';
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

/** The element id of each field a message can be about (the questions' are `questionInputId(key)`). */
const FIELD_IDS = {
  title: 'product-title',
  description: 'product-description',
  productType: 'product-type',
  condition: 'product-condition',
  purchaseType: 'product-purchase-type',
  category: 'product-category',
  tags: 'product-tags',
  price: 'product-price',
  minQuantity: 'product-min-quantity',
  maxQuantity: 'product-max-quantity',
  city: 'product-city',
  state: 'product-state',
  contact: 'product-contact',
  thumbnail: 'product-thumbnail',
  gallery: 'product-gallery',
} as const;

/** The create body's names (docs/product.md#rest-shim) of the fields above. */
const SERVER_FIELDS: Record<string, keyof typeof FIELD_IDS> = {
  title: 'title',
  description: 'description',
  product_type: 'productType',
  condition: 'condition',
  purchase_type: 'purchaseType',
  category: 'category',
  tags: 'tags',
  price: 'price',
  min_quantity: 'minQuantity',
  max_quantity: 'maxQuantity',
  quantity: 'maxQuantity',
  city: 'city',
  state: 'state',
  location: 'city',
  contact: 'contact',
  thumbnail: 'thumbnail',
  gallery: 'gallery',
};

interface CreateAnswer {
  product_id?: string;
  product?: { product_id?: string };
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
  // One message per field, shown next to it; `summary` is the one announcement near the button (the
  // refused submit's, or the server's when it names no field).
  const fieldErrors = useFieldErrors();
  const { errors, clear } = fieldErrors;
  const [summary, setSummary] = useState<{ text: FieldMessage; fromFields: boolean } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (redirect.current) clearTimeout(redirect.current);
  }, []);
  // The summary of a refused submit goes once every field it was about is fixed.
  if (summary?.fromFields && fieldErrors.count === 0) setSummary(null);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setF((prev) => ({ ...prev, [key]: value }));
    clear(FIELD_IDS[key]);
  };
  const problemText = (p: FileProblem): FieldMessage => ({ key: `form.${p.key}`, values: p.values });

  /** Picked or dropped on the main picture: the first is the main picture, any others join the gallery. */
  const onThumbnailFiles = (files: File[]) => {
    const [file, ...rest] = files;
    const problem = thumbnailProblem(file);
    if (problem) {
      fieldErrors.set(FIELD_IDS.thumbnail, problemText(problem));
      return;
    }
    clear(FIELD_IDS.thumbnail);
    setThumbnail(file);
    if (rest.length) onGalleryFiles(rest);
  };

  /** Added to the gallery (after those already chosen), if all of them may be. */
  const onGalleryFiles = (files: File[]) => {
    const problem = galleryProblem(files, gallery.length);
    if (problem) {
      fieldErrors.set(FIELD_IDS.gallery, problemText(problem));
      return;
    }
    clear(FIELD_IDS.gallery);
    setGallery((prev) => [...prev, ...files]);
  };

  const onQuestions = (next: DraftQuestion[]) => {
    setQuestions(next);
    // A question's mark goes once it has text (or is removed).
    for (const q of questions) if (!next.some((n) => n.key === q.key && n.question.trim() === '')) clear(questionInputId(q.key));
  };

  /** Every field's problem, by field id, in no particular order (focus goes to the first on the page). */
  const check = (): { errors: Record<string, FieldMessage>; missing: boolean } => {
    const problems = formProblems();
    const { need, errors: found } = problems;
    need(f.title.trim(), FIELD_IDS.title, { key: 'form.titleRequired' });
    need(f.description.trim(), FIELD_IDS.description, { key: 'form.descriptionRequired' });
    need(f.category, FIELD_IDS.category, { key: 'form.categoryRequired' });
    need(thumbnail, FIELD_IDS.thumbnail, { key: 'form.thumbnailRequired' });
    const thumbProblem = thumbnail && thumbnailProblem(thumbnail);
    if (thumbProblem) found[FIELD_IDS.thumbnail] = problemText(thumbProblem);
    const galProblem = galleryProblem(gallery);
    if (galProblem) found[FIELD_IDS.gallery] = problemText(galProblem);
    if (f.purchaseType === 'buy_now') {
      if (f.price.trim() === '') found[FIELD_IDS.price] = { key: 'form.priceRequired' };
      else if (!isRupeeAmount(f.price)) found[FIELD_IDS.price] = { key: 'form.priceInvalid' };
    }
    Object.assign(found, questionErrors<FieldMessage>(questions, { key: 'questions.emptyText' }));
    return { errors: found, missing: problems.missing };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (progress !== null || created) return;
    const problems = check();
    if (Object.keys(problems.errors).length) {
      setSummary({ text: { key: problems.missing ? 'form.required' : 'form.fixMarked' }, fromFields: true });
      fieldErrors.report(problems.errors);
      return;
    }

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

    setSummary(null);
    fieldErrors.reset();
    setProgress(0);
    try {
      const answer = await uploadForm<CreateAnswer>('POST', '/seller/products/create', form, setProgress);
      const id = answer.product?.product_id ?? answer.product_id;
      setCreated(true);
      redirect.current = setTimeout(() => navigate(id ? `/product/${id}` : '/dashboard'), CREATED_REDIRECT_MS);
    } catch (failure) {
      const offline = failure instanceof UploadError && failure.failure.kind === 'network';
      // Refused input: the fields the server names are marked with its messages, focus on the first.
      const fields = failure instanceof UploadError && failure.failure.kind === 'server' ? failure.failure.fields : undefined;
      const marked = serverFieldErrors(fields, ([name, index, part]) => {
        if (name === 'custom_questions' || name === 'questions') {
          const q = questions[Number(index === 'questions' ? part : index)];
          return q ? questionInputId(q.key) : null;
        }
        const key = SERVER_FIELDS[name];
        return key ? FIELD_IDS[key] : null;
      });
      const named = Object.keys(marked).length > 0;
      // The summary goes with the last mark when the server named fields; otherwise it stays until the next try.
      setSummary({ text: offline ? { key: 'form.createFailed' } : uploadErrorMessage(failure, t), fromFields: named });
      if (named) fieldErrors.report(marked);
    } finally {
      setProgress(null);
    }
  };

  const err = (key: keyof typeof FIELD_IDS) => {
    const message = errors[FIELD_IDS[key]];
    return message === undefined ? null : say(t, message);
  };
  const questionMessages = Object.fromEntries(Object.entries(errors).map(([id, message]) => [id, say(t, message)]));
  const busy = progress !== null;

  return (
    <section className="page page--narrow product-form-page" aria-labelledby="create-product-title">
      <h1 id="create-product-title">{t('form.createTitle')}</h1>
      <p className="field__hint">{t('form.requiredNote')}</p>
      <form className="product-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={summary ? 'create-product-error' : undefined}>
        <TextField id={FIELD_IDS.title} label={t('form.title')} value={f.title} maxLength={200} error={err('title')} announceError={false} onChange={(e) => set('title', e.target.value)} />
        <div className={['field', err('description') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={FIELD_IDS.description}>
            {t('form.description')}
          </label>
          <textarea
            id={FIELD_IDS.description}
            className="field__input"
            rows={5}
            maxLength={10000}
            value={f.description}
            aria-invalid={err('description') ? true : undefined}
            aria-describedby={err('description') ? errorIdOf(FIELD_IDS.description) : undefined}
            onChange={(e) => set('description', e.target.value)}
          />
          {err('description') ? (
            <p id={errorIdOf(FIELD_IDS.description)} className="field__error">
              {err('description')}
            </p>
          ) : null}
        </div>
        <CategorySelect id={FIELD_IDS.category} label={t('form.category')} value={f.category} onChange={(v) => set('category', v)} createForm error={err('category')} />
        <div className="product-form__row">
          <div className="field">
            <label className="field__label" htmlFor={FIELD_IDS.productType}>
              {t('form.productType')}
            </label>
            <select
              id={FIELD_IDS.productType}
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
          <ConditionSelect id={FIELD_IDS.condition} label={t('form.condition')} value={f.condition} onChange={(v) => set('condition', v)} />
        </div>

        <div className="product-form__row">
          <div className="field">
            <label className="field__label" htmlFor={FIELD_IDS.purchaseType}>
              {t('form.purchaseType')}
            </label>
            <select
              id={FIELD_IDS.purchaseType}
              className="field__input"
              value={f.purchaseType}
              onChange={(e) => {
                set('purchaseType', e.target.value === 'buy_now' ? 'buy_now' : 'inquire');
                clear(FIELD_IDS.price);
              }}
            >
              <option value="inquire">{t('form.purchaseTypes.inquire')}</option>
              <option value="buy_now">{t('form.purchaseTypes.buy_now')}</option>
            </select>
          </div>
          {f.purchaseType === 'buy_now' ? (
            <TextField
              id={FIELD_IDS.price}
              label={t('form.price')}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={f.price}
              error={err('price')}
              announceError={false}
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
          <TextField id={FIELD_IDS.minQuantity} label={t('form.minQuantity')} type="number" min={1} step={1} value={f.minQuantity} onChange={(e) => set('minQuantity', e.target.value)} />
          <TextField id={FIELD_IDS.maxQuantity} label={t('form.maxQuantity')} type="number" min={1} step={1} value={f.maxQuantity} onChange={(e) => set('maxQuantity', e.target.value)} />
        </div>

        <TextField id={FIELD_IDS.tags} label={t('form.tags')} value={f.tags} describedBy={['product-tags-hint']} onChange={(e) => set('tags', e.target.value)} />
        <p id="product-tags-hint" className="field__hint">
          {t('form.tagsHint')}
        </p>
        <fieldset className="product-form__group">
          <legend>{t('form.location')}</legend>
          <div className="product-form__row">
            <TextField id={FIELD_IDS.city} label={t('form.city')} value={f.city} maxLength={100} autoComplete="address-level2" onChange={(e) => set('city', e.target.value)} />
            <TextField id={FIELD_IDS.state} label={t('form.state')} value={f.state} maxLength={100} autoComplete="address-level1" onChange={(e) => set('state', e.target.value)} />
          </div>
        </fieldset>
        <TextField id={FIELD_IDS.contact} label={t('form.contact')} value={f.contact} maxLength={100} onChange={(e) => set('contact', e.target.value)} />

        <PictureDropZone
          id={FIELD_IDS.thumbnail}
          label={t('form.thumbnail')}
          hint={t('form.thumbnailHint')}
          buttonText={t('pictures.choosePicture')}
          listLabel={t('pictures.mainChosen')}
          accept="image/jpeg,image/png,image/gif,image/webp"
          files={thumbnail ? [thumbnail] : []}
          error={err('thumbnail')}
          disabled={busy || created}
          onAdd={onThumbnailFiles}
          onRemove={() => setThumbnail(null)}
        />
        <PictureDropZone
          id={FIELD_IDS.gallery}
          label={t('form.gallery')}
          hint={`${t('form.galleryHint')} ${t('pictures.orderHint')} ${t('pictures.count', { count: gallery.length, max: MAX_GALLERY })}`}
          buttonText={t('pictures.choosePictures')}
          listLabel={t('form.chosenPictures')}
          multiple
          files={gallery}
          error={err('gallery')}
          disabled={busy || created}
          onAdd={onGalleryFiles}
          onRemove={(index) => {
            setGallery((prev) => prev.filter((_, i) => i !== index));
            clear(FIELD_IDS.gallery);
          }}
          onMove={(from, to) => setGallery((prev) => move(prev, from, to))}
        />

        <QuestionsEditor
          questions={questions}
          onChange={onQuestions}
          errors={questionMessages}
          onNeedDescription={() => {
            fieldErrors.set(FIELD_IDS.description, { key: 'questions.needDescription' });
            document.getElementById(FIELD_IDS.description)?.focus();
          }}
          context={{ description: f.description, title: f.title, category: f.category, productType: f.productType }}
        />

        {summary ? (
          <p id="create-product-error" className="form-error" role="alert">
            {say(t, summary.text)}
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

/** The list with one item moved from one place to another. */
export const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};
