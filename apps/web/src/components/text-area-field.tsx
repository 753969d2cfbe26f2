import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.tsx';
import { useFieldError } from './form-errors.ts';
import './form.css';

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  hint?: string;
  /** A message saying what is wrong with the value; marks the field invalid. */
  error?: string;
};

/** FormField's counterpart for longer text; same label, hint and styling. */
export function TextAreaField({ label, hint, error: ownError, id, className, rows = 4, ...textareaProps }: TextAreaFieldProps) {
  const error = useFieldError(textareaProps.name, ownError);
  return (
    <FieldFrame {...{ label, hint, error, id, className }} required={textareaProps.required}>
      {(control) => <textarea className="form-field__input form-field__input--multiline" rows={rows} {...control} {...textareaProps} />}
    </FieldFrame>
  );
}
