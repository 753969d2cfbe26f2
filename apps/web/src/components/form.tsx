import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessageOf } from '../api/client.ts';
import { Loading } from './loading.tsx';
import './form.css';

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

export type FormProps<T> = {
  /** Sends the form; a rejection's ApiError message is shown in the form. */
  onSubmit: (data: FormData, form: HTMLFormElement) => Promise<T>;
  /** Runs before any call; a returned message is shown as the error and nothing is sent. */
  validate?: (data: FormData) => string | null;
  onSuccess?: (result: T) => void;
  submitLabel?: string;
  /** The spec's wording (Successfully Saved, Successfully Submitted, …); null shows none. */
  successMessage?: string | null;
  resetOnSuccess?: boolean;
  /**
   * Where a failed call's message goes instead of the form, for the spec's "dialog titled
   * Error" (contact, events, attendance, blog save); the form then returns to idle.
   */
  onError?: (message: string) => void;
  /** Skips the browser's own required/type bubbles so `validate` can show the messages. */
  noValidate?: boolean;
  /** Extra buttons beside submit, such as Cancel or Delete. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
};

/**
 * The one form wrapper: idle → submitting (button disabled, Loading shown) → success
 * message or error. Fields use native `required` and input types for the first checks.
 */
export function Form<T>({
  onSubmit,
  validate,
  onSuccess,
  onError,
  noValidate = false,
  submitLabel = 'Save',
  successMessage = 'Successfully Saved',
  resetOnSuccess = false,
  actions,
  children,
  className,
  'aria-label': ariaLabel,
}: FormProps<T>) {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [errorMessage, setErrorMessage] = useState('');
  const isSubmitting = status === 'submitting';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const invalid = validate?.(data) ?? null;
    if (invalid !== null) {
      setErrorMessage(invalid);
      setStatus('error');
      return;
    }
    setStatus('submitting');
    try {
      const result = await onSubmit(data, form);
      if (resetOnSuccess) form.reset();
      setStatus('success');
      onSuccess?.(result);
    } catch (error) {
      if (onError) {
        setStatus('idle');
        onError(errorMessageOf(error));
        return;
      }
      setErrorMessage(errorMessageOf(error));
      setStatus('error');
    }
  }

  return (
    <form
      className={className ? `form ${className}` : 'form'}
      aria-label={ariaLabel}
      aria-busy={isSubmitting}
      noValidate={noValidate}
      onSubmit={(event) => void handleSubmit(event)}
      onInput={() => {
        // A stale "Successfully Saved" next to edited fields would mislead.
        if (status === 'success') setStatus('idle');
      }}
    >
      {children}
      {status === 'error' && (
        <p className="form__message form__message--error" role="alert">
          {errorMessage}
        </p>
      )}
      <div className="form__status" aria-live="polite">
        {status === 'success' && successMessage !== null && (
          <p className="form__message form__message--success">{successMessage}</p>
        )}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {submitLabel}
        </button>
        {actions}
        {isSubmitting && <Loading isInline />}
      </div>
    </form>
  );
}
