import { useId, type InputHTMLAttributes } from 'react';

export type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  /** A short help text under the field, linked to it for screen readers. */
  hint?: string;
  /** A message saying what is wrong with the value; marks the field invalid. */
  error?: string;
};

/** A labelled input; the label is always visible because placeholders vanish while typing. */
export function FormField({ label, hint, error, id, className, ...inputProps }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint !== undefined && hintId, error !== undefined && errorId].filter(Boolean).join(' ');
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-field__label" htmlFor={inputId}>
        {label}
        {inputProps.required && <span className="form-field__required"> (required)</span>}
      </label>
      <input
        id={inputId}
        className="form-field__input"
        aria-describedby={describedBy || undefined}
        aria-invalid={error !== undefined || undefined}
        {...inputProps}
      />
      {hint !== undefined && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
