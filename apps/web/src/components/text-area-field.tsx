import { useId, type TextareaHTMLAttributes } from 'react';

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  hint?: string;
};

/** FormField's counterpart for longer text; same label, hint and styling. */
export function TextAreaField({ label, hint, id, className, rows = 4, ...textareaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = `${fieldId}-hint`;
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
        aria-describedby={hint !== undefined ? hintId : undefined}
        {...textareaProps}
      />
      {hint !== undefined && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
