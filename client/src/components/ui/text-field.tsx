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
  /**
   * Announce the error as it appears (role=alert; the default). Forms that move focus to the first bad
   * field and announce one summary turn it off: the field's description then reads the error.
   */
  announceError?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input wired for assistive tech: aria-invalid and aria-describedby follow its errors and hints. */
export function TextField({ id, label, error, invalid, describedBy = [], announceError = true, className, ...inputProps }: TextFieldProps) {
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
        <p id={errorId} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
