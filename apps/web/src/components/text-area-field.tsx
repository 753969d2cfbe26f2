import { useId, type TextareaHTMLAttributes } from 'react';

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  hint?: string;
  /** A message saying what is wrong with the value; marks the field invalid. */
  error?: string;
};

/** FormField's counterpart for longer text; same label, hint and styling. */
export function TextAreaField({ label, hint, error, id, className, rows = 4, ...textareaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint !== undefined && hintId, error !== undefined && errorId].filter(Boolean).join(' ');
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-field__label" htmlFor={fieldId}>
        {label}
        {textareaProps.required && <span className="form-field__required"> (required)</span>}
      </label>
      <textarea
        id={fieldId}
        className="form-field__input form-field__input--multiline"
        rows={rows}
        aria-describedby={describedBy || undefined}
        aria-invalid={error !== undefined || undefined}
        {...textareaProps}
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
