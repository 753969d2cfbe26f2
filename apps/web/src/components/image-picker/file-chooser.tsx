import { useId, type ChangeEvent, type Ref } from 'react';
import { acceptOf, describeRefusal, type ImageKind, type Refusal } from './image-file.ts';
import '../form.css';
import './image-picker.css';

export type FileChooserProps = {
  /** The field's name, e.g. "Picture (JPEG)"; it labels the control with the button's words. */
  label: string;
  /** The button's words: what pressing it does, e.g. "Choose a photo". */
  buttonText: string;
  /** What is chosen now, in words ("Chosen: garage.jpg (1.2 MB).", "3 of 10 chosen."). */
  status: string;
  hint?: string;
  /** Files of the last choice that were not taken, each named with its reason. */
  refusals?: readonly Refusal[];
  /** A message about the field as a whole (a required file missing). */
  error?: string;
  fileKind: ImageKind;
  isMultiple?: boolean;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** Takes focus when its dialog opens. */
  isAutofocus?: boolean;
  /**
   * For a form that reads the file from its data (the newsletter): the input keeps the file
   * under this name. Without it the input is emptied after each choice, so that the same file
   * can be chosen again, and the caller keeps what was chosen.
   */
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChoose: (files: File[]) => void;
};

/**
 * The one file control. The browser's own "Choose File / No file chosen" is visually hidden but
 * stays the focusable control (Tab, Enter and Space work as usual, and a focus ring is drawn on
 * the button); a label styled as a button opens it by mouse or touch, and a line beside it says
 * in the site's words what is chosen. A refused file is named with its reason.
 */
export function FileChooser({
  label,
  buttonText,
  status,
  hint,
  refusals = [],
  error,
  fileKind,
  isMultiple = false,
  isDisabled = false,
  isRequired = false,
  isAutofocus = false,
  name,
  inputRef,
  onChoose,
}: FileChooserProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const hasProblem = error !== undefined || refusals.length > 0;
  const describedBy = [statusId, hint !== undefined && hintId, hasProblem && problemId].filter(Boolean).join(' ');

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (name === undefined) input.value = '';
    if (files.length > 0) onChoose(files);
  }

  return (
    <div className="form-field file-chooser">
      <label className="form-field__label" htmlFor={id}>
        {label}
        {isRequired && <span className="form-field__required"> (required)</span>}
      </label>
      <div className="file-chooser__row">
        <input
          ref={inputRef}
          id={id}
          className="file-chooser__input"
          type="file"
          name={name}
          accept={acceptOf(fileKind)}
          multiple={isMultiple}
          disabled={isDisabled}
          required={isRequired}
          aria-describedby={describedBy}
          aria-invalid={hasProblem || undefined}
          data-autofocus={isAutofocus || undefined}
          onChange={choose}
        />
        <label className="button file-chooser__button" htmlFor={id}>
          {buttonText}
        </label>
        <p id={statusId} className="file-chooser__status" aria-live="polite">
          {status}
        </p>
      </div>
      {hint !== undefined && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      <div id={problemId}>
        {error !== undefined && <p className="form-field__error">{error}</p>}
        {refusals.length > 0 && (
          // An alert, since focus stays on the control when the chooser closes.
          <div role="alert">
            <ul className="form-field__error file-chooser__refusals">
              {refusals.map((refusal, index) => (
                <li key={`${refusal.fileName}-${index}`}>{describeRefusal(refusal)}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
