import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addTags, MAX_TAGS } from '../utils/product-rules';

interface TagInputProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as chips (docs/product.md#validation, edit form): Enter or a comma adds one; unique, non-empty, at most 32. */
export function TagInput({ id, tags, onChange }: TagInputProps) {
  const { t } = useTranslation('products');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const commit = (text: string) => {
    const parts = text.split(',');
    const next = addTags(tags, parts);
    if (next.length > MAX_TAGS) {
      setError(t('form.tooManyTags'));
      return;
    }
    setError(null);
    onChange(next);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {t('form.tags')}
      </label>
      {tags.length ? (
        <ul className="tag-chips" aria-label={t('form.selectedTags')}>
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button type="button" className="tag-chip__remove" aria-label={t('form.removeTag', { tag })} onClick={() => onChange(tags.filter((x) => x !== tag))}>
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
        onChange={(event) => {
          const value = event.target.value;
          // A pasted "a, b" adds both at once.
          if (value.includes(',')) commit(value);
          else setDraft(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && commit(draft)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error) || undefined}
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('form.tagsChipHint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
