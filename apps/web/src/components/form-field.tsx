import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.tsx';
import { useFieldError } from './form-errors.ts';
import './form.css';

export type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  /** A short help text under the field, linked to it for screen readers. */
  hint?: string;
  /** A message saying what is wrong with the value; marks the field invalid. */
  error?: string;
};

/** A labelled input. */
export function FormField({ label, hint, error: ownError, id, className, ...inputProps }: FormFieldProps) {
  const error = useFieldError(inputProps.name, ownError);
  return (
    <FieldFrame {...{ label, hint, error, id, className }} required={inputProps.required}>
      {(control) => <input className="form-field__input" {...control} {...inputProps} />}
    </FieldFrame>
  );
}
