import { useId, type ReactNode } from 'react';
import { useFieldError } from './form-errors.ts';
import './form.css';

type FieldControlProps = { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };

export type FieldFrameProps = {
  label: string;
  /** A short help text under the field, linked to it for screen readers. */
  hint?: string;
  /** A message saying what is wrong with the value; marks the field invalid. */
  error?: string;
  /** The control's name: the enclosing Form's message for it (its own checks found it wrong) shows here too. */
  name?: string;
  id?: string;
  className?: string;
  required?: boolean;
  /** Renders the control with the id and ARIA links the frame worked out. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The label, hint and error around any form control, so every field reads the same way. The
 * label is always visible because placeholders vanish while typing.
 */
export function FieldFrame({ label, hint, error: ownError, name, id, className, required, children }: FieldFrameProps) {
  const error = useFieldError(name ?? '', ownError);
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint !== undefined && hintId, error !== undefined && errorId].filter(Boolean).join(' ');
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-field__label" htmlFor={controlId}>
        {label}
        {required && <span className="form-field__required"> (required)</span>}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy || undefined, 'aria-invalid': error !== undefined || undefined })}
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
