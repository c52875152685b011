import { useTranslation } from 'react-i18next';
import { CONDITIONS, isCondition, type Condition } from '../utils/product-rules';

interface ConditionSelectProps {
  id: string;
  label: string;
  value: Condition | '';
  onChange: (value: Condition) => void;
  invalid?: boolean;
  /** The field's own message, shown under it and read as its description. */
  error?: string | null;
}

export function ConditionSelect({ id, label, value, onChange, invalid = false, error = null }: ConditionSelectProps) {
  const { t } = useTranslation('products');
  return (
    <div className={['field', invalid || error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          if (isCondition(event.target.value)) onChange(event.target.value);
        }}
      >
        {value === '' ? <option value="">—</option> : null}
        {CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {t(`form.conditions.${c}`)}
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
