import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenerateProductQuestionsDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { MAX_QUESTIONS } from '../utils/product-rules';

export type QuestionType = 'FreeResponse' | 'YesNo';

export interface DraftQuestion {
  /** React key; also the saved id when the question came from the server. */
  key: string;
  id?: string;
  question: string;
  questionType: QuestionType;
  mandatory: boolean;
}

let seq = 0;
export const newDraftKey = () => `q${Date.now().toString(36)}${(seq++).toString(36)}`;

export const toDraft = (q: { id: string; question: string; questionType: string; mandatory: boolean }): DraftQuestion => ({
  key: q.id,
  id: q.id,
  question: q.question,
  questionType: q.questionType === 'YesNo' ? 'YesNo' : 'FreeResponse',
  mandatory: q.mandatory,
});

/** The editor's check before saving: every question needs text (docs/product.md#validation). */
export const questionsProblem = (questions: DraftQuestion[]): 'emptyText' | 'tooMany' | null =>
  questions.some((q) => q.question.trim() === '') ? 'emptyText' : questions.length > MAX_QUESTIONS ? 'tooMany' : null;

interface QuestionsEditorProps {
  questions: DraftQuestion[];
  onChange: (questions: DraftQuestion[]) => void;
  /** What the AI helper draws on. */
  context: { description: string; title?: string; category?: string; productType?: string; productId?: string };
  /** Messages by question input id (`questionInputId(key)`), shown under the question they name. */
  errors?: Readonly<Record<string, string>>;
  /**
   * The helper was asked without a description: the form shows 'questions.needDescription' at its
   * description field (and moves focus there). Without it, the message shows here until a description
   * is written.
   */
  onNeedDescription?: () => void;
}

/** The element id of a question's text input. */
export const questionInputId = (key: string) => `question-${key}-text`;

/** The form's messages for its questions: every question without text is marked. */
export const questionErrors = <M,>(questions: DraftQuestion[], emptyText: M): Record<string, M> =>
  Object.fromEntries(questions.filter((q) => q.question.trim() === '').map((q) => [questionInputId(q.key), emptyText]));

/** Custom buyer questions with the AI helper (docs/product.md#overview and #validation). */
export function QuestionsEditor({ questions, onChange, context, errors = {}, onNeedDescription }: QuestionsEditorProps) {
  const { t, i18n } = useTranslation('products');
  const [generate, { loading }] = useMutation(GenerateProductQuestionsDocument);
  const [status, setStatus] = useState<{ kind: 'error' | 'notice'; text: string; needsDescription?: boolean } | null>(null);
  // 'Description is required…' goes as soon as there is a description.
  const hasDescription = context.description.trim() !== '';
  if (status?.needsDescription && hasDescription) setStatus(null);

  const update = (key: string, change: Partial<DraftQuestion>) => onChange(questions.map((q) => (q.key === key ? { ...q, ...change } : q)));

  const suggest = async () => {
    setStatus(null);
    if (!hasDescription) {
      if (onNeedDescription) return onNeedDescription();
      return setStatus({ kind: 'error', text: t('questions.needDescription'), needsDescription: true });
    }
    try {
      const { data } = await generate({
        variables: {
          input: {
            description: context.description,
            title: context.title || undefined,
            category: context.category || undefined,
            productType: context.productType || undefined,
            productId: context.productId,
            language: i18n.language === 'hi' ? 'hi' : 'en',
          },
        },
      });
      const suggested = (data?.generateProductQuestions ?? []).map((q) => ({ ...toDraft(q), key: newDraftKey(), id: undefined }));
      const keep = questions.filter((q) => q.question.trim() !== '');
      onChange([...keep, ...suggested].slice(0, MAX_QUESTIONS));
      setStatus({ kind: 'notice', text: t('questions.generated', { count: suggested.length }) });
    } catch (failure) {
      setStatus({ kind: 'error', text: readServerError(failure).message ?? t('questions.generateFailed') });
    }
  };

  return (
    <fieldset className="questions-editor">
      <legend>{t('questions.title')}</legend>
      <p className="field__hint">{t('questions.hint')}</p>
      {questions.length === 0 ? <p className="questions-editor__empty">{t('questions.none')}</p> : null}
      <ol className="questions-editor__list">
        {questions.map((q, index) => {
          const n = index + 1;
          const base = `question-${q.key}`;
          const inputId = questionInputId(q.key);
          const error = errors[inputId];
          return (
            <li key={q.key} className="questions-editor__item">
              <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
                <label className="field__label" htmlFor={`${base}-text`}>
                  {t('questions.question', { n })}
                </label>
                <input
                  id={inputId}
                  className="field__input"
                  value={q.question}
                  maxLength={500}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(event) => update(q.key, { question: event.target.value })}
                />
                {error ? (
                  <p id={`${inputId}-error`} className="field__error">
                    {error}
                  </p>
                ) : null}
              </div>
              <div className="questions-editor__options">
                <div className="field">
                  <label className="field__label" htmlFor={`${base}-type`}>
                    {t('questions.type')}
                  </label>
                  <select
                    id={`${base}-type`}
                    className="field__input"
                    value={q.questionType}
                    onChange={(event) => update(q.key, { questionType: event.target.value === 'YesNo' ? 'YesNo' : 'FreeResponse' })}
                  >
                    <option value="FreeResponse">{t('questions.types.FreeResponse')}</option>
                    <option value="YesNo">{t('questions.types.YesNo')}</option>
                  </select>
                </div>
                <label className="checkbox-field">
                  <input type="checkbox" checked={q.mandatory} onChange={(event) => update(q.key, { mandatory: event.target.checked })} />
                  {t('questions.mandatory')}
                </label>
                <button type="button" className="button button--secondary" onClick={() => onChange(questions.filter((x) => x.key !== q.key))}>
                  {t('questions.remove', { n })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="questions-editor__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={questions.length >= MAX_QUESTIONS}
          onClick={() => onChange([...questions, { key: newDraftKey(), question: '', questionType: 'FreeResponse', mandatory: false }])}
        >
          {t('questions.add')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void suggest()} disabled={loading} aria-busy={loading}>
          {loading ? t('questions.generating') : t('questions.generate')}
        </button>
      </div>
      {status ? (
        <p className={status.kind === 'error' ? 'form-error' : 'form-notice'} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
    </fieldset>
  );
}
