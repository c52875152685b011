import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addTags, MAX_TAGS } from '../utils/product-rules';

interface TagInputProps {
  id: string;
  tags: string[];
  /** What is being typed, not a chip yet (the form counts it when it is sent). */
  draft: string;
  /** The field's message (too many tags), shown under it. */
  error?: string | null;
  onChange: (tags: string[], draft: string) => void;
}

/** Tags as chips (docs/product.md#validation): Enter or a comma adds one; unique, non-empty, at most 32. */
export function TagInput({ id, tags, draft, error = null, onChange }: TagInputProps) {
  const { t } = useTranslation('products');
  const full = tags.length >= MAX_TAGS;

  /** Turns the text into chips, keeping what would pass 32 as text (the form then says so). */
  const commit = (text: string) => {
    const next = addTags(tags, text.split(','));
    if (next.length > MAX_TAGS) onChange(tags, text);
    else onChange(next, '');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length) {
      onChange(tags.slice(0, -1), '');
    }
  };
  const message = error ?? (full && draft.trim() ? t('form.tooManyTags') : null);

  return (
    <div className={['field', message ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {t('form.tags')}
      </label>
      {tags.length ? (
        <ul className="tag-chips" aria-label={t('form.selectedTags')}>
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button type="button" className="tag-chip__remove" aria-label={t('form.removeTag', { tag })} onClick={() => onChange(tags.filter((x) => x !== tag), draft)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className="field__input"
        value={draft}
        autoComplete="off"
        enterKeyHint="enter"
        onChange={(event) => {
          const value = event.target.value;
          // A pasted "a, b" adds both at once.
          if (value.includes(',')) commit(value);
          else onChange(tags, value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && commit(draft)}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(message) || undefined}
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('form.tagsChipHint')}
      </p>
      {message ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
