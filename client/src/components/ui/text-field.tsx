import type { InputHTMLAttributes, Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  id: string;
  label: string;
  /** The field's own error, shown under it and announced. */
  error?: string | null;
  /** Marks the field invalid when the message lives elsewhere (e.g. a form-level error). */
  invalid?: boolean;
  /** Ids of further descriptions (hints, a form-level error), read after the label. */
  describedBy?: ReadonlyArray<string | false | null | undefined>;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input wired for assistive tech: aria-invalid and aria-describedby follow its errors and hints. */
export function TextField({ id, label, error, invalid, describedBy = [], className, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const descriptions = [...describedBy, error ? errorId : null].filter(Boolean).join(' ');
  const isInvalid = Boolean(error) || Boolean(invalid);

  return (
    <div className={['field', isInvalid ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={isInvalid || undefined}
        aria-describedby={descriptions || undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
