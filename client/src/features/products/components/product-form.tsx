import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UpdateProductDocument, type ProductDetailsFieldsFragment } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { uploadErrorMessage, uploadForm, UploadError } from '../../../lib/upload';
import { say, serverFieldErrors, useFieldErrors, type FieldMessage } from '../utils/field-errors';
import {
  checkProductValues,
  FIELD_IDS,
  fieldOfServerPath,
  newProductValues,
  productCommand,
  productValues,
  restProductBody,
  valuesKey,
  type FieldName,
  type ProductFormValues,
} from '../utils/product-form-values';
import { allBandIds } from '../utils/price-band-drafts';
import { galleryProblem, thumbnailProblem, type FileProblem } from '../utils/product-rules';
import { BulkPriceFields } from './product-form-bands';
import { AboutFields, FieldGroup, PlaceFields, PriceFields, type FieldGroupProps } from './product-form-groups';
import { NewMedia, StoredMedia } from './product-form-media';
import { questionErrors, questionInputId, QuestionsEditor, toDraft, type DraftQuestion } from './questions-editor';
import './products.css';

/** docs/product.md#limits: after a product is created, its page opens 2 s later. */
export const CREATED_REDIRECT_MS = 2000;

/** Fields checked against each other: editing one clears the marks of all. */
const LINKED: Partial<Record<keyof ProductFormValues, FieldName[]>> = {
  minQuantity: ['minQuantity', 'maxQuantity'],
  maxQuantity: ['minQuantity', 'maxQuantity'],
  price: ['price', 'priceMax'],
  priceMax: ['price', 'priceMax'],
  purchaseType: ['price', 'priceMax'],
  tagDraft: ['tags'],
};

type ProductFormProps =
  | { mode: 'create' }
  | {
      mode: 'edit';
      product: ProductDetailsFieldsFragment;
      /** Unsaved edits of the fields or questions: the page asks before leaving. */
      onDirtyChange: (dirty: boolean) => void;
      /** After a picture was uploaded: reload the product. */
      onUploaded: () => Promise<unknown>;
    };

interface CreateAnswer {
  product_id?: string;
  product?: { product_id?: string };
}

/**
 * The product form, one for creating and editing (docs/product.md#screens-and-routes, #validation, #errors): the
 * same fields in the same order with the same words, in groups (about the product, pictures, price and quantity,
 * place, questions for buyers); a new listing's pictures go with its create upload, a stored one's are saved at
 * once. Every problem is shown at its field; the one summary, the success and the button stay in view at the
 * bottom of the screen while the form scrolls.
 */
export function ProductForm(props: ProductFormProps) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const editing = props.mode === 'edit' ? props : null;
  const [values, setValues] = useState<ProductFormValues>(() => (editing ? productValues(editing.product) : newProductValues()));
  const [savedKey, setSavedKey] = useState(() => valuesKey(values));
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [gallery, setGallery] = useState<File[]>([]);
  const fieldErrors = useFieldErrors();
  const { errors, clear } = fieldErrors;
  // The one announcement beside the button: a refused submit's summary (it goes with the last mark), the
  // server's message, or what was done.
  const [summary, setSummary] = useState<{ text: FieldMessage; fromFields: boolean } | null>(null);
  const [done, setDone] = useState<FieldMessage | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState(false);
  const [update, { loading: saving }] = useMutation(UpdateProductDocument);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (redirect.current) clearTimeout(redirect.current);
  }, []);
  if (summary?.fromFields && fieldErrors.count === 0) setSummary(null);

  const dirty = valuesKey(values) !== savedKey;
  const onDirtyChange = editing?.onDirtyChange;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const cleared = (patch: Partial<ProductFormValues>) => {
    for (const key of Object.keys(patch) as Array<keyof ProductFormValues>) {
      for (const field of LINKED[key] ?? (key in FIELD_IDS ? [key as FieldName] : [])) clear(FIELD_IDS[field]);
      // The bands are checked against each other and against the minimum order and the price.
      if (key === 'bands' || key === 'minQuantity' || key === 'price') for (const id of allBandIds()) clear(id);
    }
  };
  const change = (patch: Partial<ProductFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setDone(null);
    cleared(patch);
  };
  const groupProps: FieldGroupProps = {
    values,
    set: (key, value) => change({ [key]: value }),
    update: change,
    error: (field) => {
      const message = errors[FIELD_IDS[field]];
      return message === undefined ? null : say(t, message);
    },
  };

  const onQuestions = (next: DraftQuestion[]) => {
    // A question's mark goes once it has text (or is removed).
    for (const q of values.questions) if (!next.some((n) => n.key === q.key && n.question.trim() === '')) clear(questionInputId(q.key));
    change({ questions: next });
  };

  /** Every problem, the pictures' included, by field id. */
  const check = () => {
    const found = checkProductValues(values, { needThumbnail: !editing && !thumbnail });
    const fileProblems: Array<[string, FileProblem | null]> = editing ? [] : [[FIELD_IDS.thumbnail, thumbnail && thumbnailProblem(thumbnail)], [FIELD_IDS.gallery, galleryProblem(gallery)]];
    for (const [id, problem] of fileProblems) if (problem) found.errors[id] = { key: `form.${problem.key}`, values: problem.values };
    Object.assign(found.errors, questionErrors<FieldMessage>(values.questions, { key: 'questions.emptyText' }));
    return found;
  };

  /** A refusal's field messages on their fields, focus on the first; the summary goes with the last mark when it named any. */
  const refused = (message: FieldMessage, fields: unknown) => {
    const marked = serverFieldErrors(fields, (path) => fieldOfServerPath(path, values.questions, questionInputId));
    const named = Object.keys(marked).length > 0;
    setSummary({ text: message, fromFields: named });
    if (named) fieldErrors.report(marked);
  };

  const create = async () => {
    const form = new FormData();
    form.append('product', JSON.stringify(restProductBody(productCommand(values))));
    form.append('thumbnail', thumbnail as File);
    for (const file of gallery) form.append('gallery', file);
    setProgress(0);
    try {
      const answer = await uploadForm<CreateAnswer>('POST', '/seller/products/create', form, setProgress);
      const id = answer.product?.product_id ?? answer.product_id;
      setCreated(true);
      setDone({ key: 'form.created' });
      redirect.current = setTimeout(() => navigate(id ? `/product/${id}` : '/dashboard'), CREATED_REDIRECT_MS);
    } catch (failure) {
      const offline = failure instanceof UploadError && failure.failure.kind === 'network';
      const fields = failure instanceof UploadError && failure.failure.kind === 'server' ? failure.failure.fields : undefined;
      refused(offline ? { key: 'form.createFailed' } : uploadErrorMessage(failure, t), fields);
    } finally {
      setProgress(null);
    }
  };

  const save = async (product: ProductDetailsFieldsFragment) => {
    const sent = values;
    try {
      const { data } = await update({ variables: { id: product.id, input: productCommand(values) } });
      // The questions as stored (a new one now has its id).
      const stored = { ...sent, tags: productCommand(sent).tags, tagDraft: '', questions: data ? data.updateProduct.customQuestions.map(toDraft) : sent.questions };
      setValues((now) => (now === sent ? stored : now));
      setSavedKey(valuesKey(stored));
      setDone({ key: 'form.updated' });
    } catch (failure) {
      const { message, details } = readServerError(failure);
      refused(message ?? { key: 'form.updateFailed' }, details.fields);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (progress !== null || saving || created) return;
    setDone(null);
    const problems = check();
    if (Object.keys(problems.errors).length) {
      setSummary({ text: { key: problems.missing ? 'form.required' : 'form.fixMarked' }, fromFields: true });
      fieldErrors.report(problems.errors);
      return;
    }
    setSummary(null);
    fieldErrors.reset();
    await (editing ? save(editing.product) : create());
  };

  const busy = progress !== null || saving;
  const questionMessages = Object.fromEntries(Object.entries(errors).map(([id, message]) => [id, say(t, message)]));
  const errorAt = (id: string) => (errors[id] === undefined ? null : say(t, errors[id]));
  return (
    <form className="product-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={summary ? 'product-form-summary' : undefined}>
      <p className="field__hint">{t('form.requiredNote')}</p>
      <AboutFields {...groupProps} />
      <FieldGroup id="product-pictures" title={t('form.picturesGroup')}>
        {editing ? (
          <>
            <p className="field__hint">{t('form.picturesSaveAtOnce')}</p>
            <StoredMedia product={editing.product} onUploaded={editing.onUploaded} />
          </>
        ) : (
          <NewMedia
            thumbnail={thumbnail}
            gallery={gallery}
            onThumbnail={setThumbnail}
            onGallery={setGallery}
            error={errorAt}
            setError={(id, problem) => (problem ? fieldErrors.set(id, { key: `form.${problem.key}`, values: problem.values }) : clear(id))}
            disabled={busy || created}
          />
        )}
      </FieldGroup>
      <PriceFields {...groupProps} />
      <BulkPriceFields {...groupProps} errorAt={errorAt} />
      <PlaceFields {...groupProps} />
      <QuestionsEditor
        questions={values.questions}
        onChange={onQuestions}
        errors={questionMessages}
        onNeedDescription={() => {
          fieldErrors.set(FIELD_IDS.description, { key: 'questions.needDescription' });
          document.getElementById(FIELD_IDS.description)?.focus();
        }}
        context={{ description: values.description, title: values.title, category: values.category, productType: values.productType, productId: editing?.product.id }}
      />
      <div className="product-form__save">
        {summary ? (
          <p id="product-form-summary" className="form-error" role="alert">
            {say(t, summary.text)}
          </p>
        ) : null}
        {done ? (
          <p className="form-notice" role="status">
            {say(t, done)}
            {created ? ` ${t('form.createdNext')}` : ''}
          </p>
        ) : null}
        {progress !== null ? <progress className="upload-progress" max={100} value={progress} aria-label={t('form.progress')} /> : null}
        <button type="submit" className="button button--primary" disabled={busy || created} aria-busy={busy}>
          {progress !== null ? t('form.uploading', { percent: progress }) : saving ? t('form.saving') : editing ? t('form.save') : t('form.submit')}
        </button>
        {editing && dirty && !done ? <span className="field__hint">{t('form.unsavedNote')}</span> : null}
      </div>
    </form>
  );
}
