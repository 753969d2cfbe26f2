import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { errorMessageOf } from '../api/client.ts';
import { FormErrorsContext, findInvalidFields, findMarkedFields, summarizeFieldErrors, type FieldErrors, type MarkedField } from './form-errors.ts';
import { Loading } from './loading.tsx';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';
import './form.css';

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

/** What a form's own check found: nothing (null), one message for the whole form, or messages by field name. */
type Validation = string | FieldErrors | null;

/** What `onSubmit` resolves with when the member stopped the send at a question (a confirmation): the form goes back to idle, saying nothing. */
export const SUBMIT_CANCELLED = Symbol('submit cancelled');

export type FormProps<T> = {
  /** Sends the form; a rejection's ApiError message is shown in the form; SUBMIT_CANCELLED sends nothing and says nothing. */
  onSubmit: (data: FormData, form: HTMLFormElement) => Promise<T | typeof SUBMIT_CANCELLED>;
  /**
   * Runs before any call; a returned message is shown as the error and nothing is sent. It may
   * answer later (a promise): the checks against the contracts load zod only when a form is sent.
   * Messages by field name (`contractFieldErrors`) are shown beside those fields and linked from
   * the summary; an empty set lets the form go.
   */
  validate?: (data: FormData) => Validation | Promise<Validation>;
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
  /** The form checks every field itself in `validate`; otherwise the browser's checks (required, type, minLength) run first and show the site's messages. */
  noValidate?: boolean;
  /** When this changes, the form's success or error message goes (another action made it stale). */
  clearMessagesKey?: unknown;
  /** Hears when the fields first change (true) and when a save has kept them (false): for `useUnsavedChangesGuard`. */
  onDirtyChange?: (isDirty: boolean) => void;
  /**
   * Fetches the code `validate` needs (the contract check, `loadContractCheck`) once a field
   * first changes: sending then does not wait for it, and the page never loads it.
   */
  preload?: () => unknown;
  /** Extra buttons beside submit, such as Cancel or Delete. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
};

/** Whether all of an element shows: within the window and within every scrolling box around it. */
function isInSight(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  let top = 0;
  let bottom = window.innerHeight;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (!/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) continue;
    const frame = parent.getBoundingClientRect();
    top = Math.max(top, frame.top);
    bottom = Math.min(bottom, frame.bottom);
  }
  return box.top >= top && box.bottom <= bottom;
}

/**
 * The one form wrapper: idle → submitting (button disabled, Loading shown) → success
 * message or error. Fields use native `required` and input types for the first checks, shown
 * as the site's inline messages.
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
  clearMessagesKey,
  onDirtyChange,
  preload,
  actions,
  children,
  className,
  'aria-label': ariaLabel,
}: FormProps<T>) {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [errorMessage, setErrorMessage] = useState('');
  /** A check before sending failed (shown at the top) rather than the server refusing (shown by the button). */
  const [isCheckError, setIsCheckError] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** The fields marked wrong, as the summary links to them (whichever check marked them). */
  const [markedFields, setMarkedFields] = useState<readonly MarkedField[]>([]);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  /** The server's refusal, at the foot of the form: on a phone, out of view below a long dialog. */
  const refusalRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shouldFocusProblemRef = useRef(false);
  /** A send whose checks are still running: a second tap meanwhile sends nothing more. */
  const isCheckingRef = useRef(false);
  /** Which check of the fields as typed is the latest: an earlier one answering later is ignored. */
  const recheckRef = useRef(0);
  const isPreloadedRef = useRef(false);
  const isSubmitting = status === 'submitting';
  const isHydrated = useIsHydrated();
  const [seenClearKey, setSeenClearKey] = useState(clearMessagesKey);
  if (seenClearKey !== clearMessagesKey) {
    setSeenClearKey(clearMessagesKey);
    if (!isSubmitting) setStatus('idle');
  }

  useEffect(() => {
    if (!shouldFocusProblemRef.current) return;
    shouldFocusProblemRef.current = false;
    // On a phone the user is at the button, below the fields: take them to the first one to fix.
    const firstBad = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstBad ?? summaryRef.current)?.focus();
  });

  /** Runs the browser's checks (unless the form checks everything itself) and then `validate`. */
  async function check(form: HTMLFormElement, data: FormData): Promise<string | null> {
    const invalid = noValidate ? {} : findInvalidFields(form);
    setFieldErrors(invalid);
    const summary = summarizeFieldErrors(Object.keys(invalid).length);
    if (summary !== null) return summary;
    const found = (await validate?.(data)) ?? null;
    if (found === null || typeof found === 'string') return found;
    setFieldErrors(found);
    return summarizeFieldErrors(Object.keys(found).length);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || isCheckingRef.current) return;
    // After a send that emptied the form, a second tap (a slow double-tap) would check the empty
    // fields and turn the confirmation into errors: the confirmation stays until typing starts anew.
    if (status === 'success' && resetOnSuccess) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    let invalid: string | null;
    isCheckingRef.current = true;
    try {
      invalid = await check(form, data);
    } catch (error) {
      // The checks could not load (a flaky connection): say so, as a failed send would.
      invalid = errorMessageOf(error);
    } finally {
      isCheckingRef.current = false;
    }
    if (invalid !== null) {
      // The fields' marks are drawn first, so the summary can link to each marked field.
      flushSync(() => {
        setErrorMessage(invalid);
        setIsCheckError(true);
        setStatus('error');
      });
      setMarkedFields(findMarkedFields(form));
      shouldFocusProblemRef.current = true;
      return;
    }
    setIsCheckError(false);
    setStatus('submitting');
    try {
      const result = await onSubmit(data, form);
      if (result === SUBMIT_CANCELLED) {
        setStatus('idle');
        return;
      }
      if (resetOnSuccess) form.reset();
      setStatus('success');
      onDirtyChange?.(false);
      onSuccess?.(result);
    } catch (error) {
      if (onError) {
        setStatus('idle');
        onError(errorMessageOf(error));
        return;
      }
      flushSync(() => {
        setErrorMessage(errorMessageOf(error));
        setStatus('error');
      });
      // Out of sight (below a long dialog on a phone), the refusal is brought into view and takes
      // focus; beside the button it leaves focus where the member is, as the alert is read anyway.
      const refusal = refusalRef.current;
      if (refusal && !isInSight(refusal)) {
        refusal.scrollIntoView({ block: 'nearest' });
        refusal.focus();
      }
    }
  }

  /** A summary link takes focus to its field (and scrolls it into view) without changing the address. */
  function goToField(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const field = document.getElementById(id);
    if (!field || !formRef.current?.contains(field)) return;
    event.preventDefault();
    field.scrollIntoView({ block: 'center' });
    field.focus();
  }

  function handleInput(form: HTMLFormElement) {
    onDirtyChange?.(true);
    if (preload && !isPreloadedRef.current) {
      isPreloadedRef.current = true;
      preload();
    }
    // A stale message next to edited fields would mislead: a success or a server refusal
    // goes, and the summary of a failed check follows the fields as they are fixed.
    if (status === 'success') setStatus('idle');
    if (status !== 'error') return;
    if (!isCheckError) {
      setStatus('idle');
      return;
    }
    const checking = ++recheckRef.current;
    void check(form, new FormData(form)).then(
      (invalid) => {
        if (checking !== recheckRef.current) return;
        flushSync(() => {
          if (invalid === null) setStatus('idle');
          else setErrorMessage(invalid);
        });
        setMarkedFields(invalid === null ? [] : findMarkedFields(form));
      },
      () => undefined,
    );
  }

  return (
    <form
      ref={formRef}
      className={className ? `form ${className}` : 'form'}
      aria-label={ariaLabel}
      aria-busy={isSubmitting}
      // The site shows its own messages beside the fields, never the browser's bubbles.
      noValidate
      // Painted from the server's HTML, the form is out of reach until React runs it: a choice
      // made before would not be React's, and Enter would send the fields in the address.
      inert={!isHydrated}
      onSubmit={(event) => void handleSubmit(event)}
      onInput={(event) => handleInput(event.currentTarget)}
    >
      {status === 'error' && isCheckError && (
        <div className="form__summary">
          <p ref={summaryRef} className="form__message form__message--error" role="alert" tabIndex={-1}>
            {errorMessage}
          </p>
          {markedFields.length > 0 && (
            <ul className="form__summary-links" aria-label="Fields to correct">
              {markedFields.map((field) => (
                <li key={field.id}>
                  <a href={`#${field.id}`} onClick={(event) => goToField(event, field.id)}>
                    {field.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <FormErrorsContext.Provider value={fieldErrors}>{children}</FormErrorsContext.Provider>
      {status === 'error' && !isCheckError && (
        <p ref={refusalRef} className="form__message form__message--error" role="alert" tabIndex={-1}>
          {errorMessage}
        </p>
      )}
      <div className="form__status" aria-live="polite">
        {status === 'success' && successMessage !== null && <p className="form__message form__message--success">{successMessage}</p>}
      </div>
      <div className="form__actions">
        {/* aria-disabled, not disabled: a disabled button drops focus to the page while sending. */}
        <button type="submit" className="button button--primary" aria-disabled={isSubmitting || undefined}>
          {submitLabel}
        </button>
        {actions}
        {isSubmitting && <Loading isInline />}
      </div>
    </form>
  );
}
