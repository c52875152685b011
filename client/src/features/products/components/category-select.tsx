import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ProductCategoriesDocument } from '../../../graphql/generated';

interface CategorySelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** The field's own message, shown under it and read as its description. */
  error?: string | null;
}

/**
 * The category picker, in the interface language: the 50 categories listings are offered (the server's list is
 * the one source, docs/product.md#categories, traders' first), and a stored listing's own category if it is
 * another one.
 */
export function CategorySelect({ id, label, value, onChange, invalid = false, error = null }: CategorySelectProps) {
  const { i18n } = useTranslation();
  const { data } = useQuery(ProductCategoriesDocument);
  const hindi = i18n.language === 'hi';
  const categories = (data?.productCategories ?? []).filter((c) => c.offered || c.id === value);
  const nameOf = (c: (typeof categories)[number]) => (hindi ? c.nameHi : c.name);

  return (
    <div className={['field', invalid || error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}>
        {categories.length === 0 ? <option value={value}>{value}</option> : null}
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {nameOf(c)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
