import { FIELD_MESSAGES } from '@club/contracts/plain';
import { createContext, useContext } from 'react';

/** Messages for fields the browser's own checks (required, type, minLength…) found wrong, by name. */
export type FieldErrors = Readonly<Record<string, string>>;

export const FormErrorsContext = createContext<FieldErrors>({});

/** The field's own error if given, else the enclosing Form's message for its name. */
export function useFieldError(name: string, ownError: string | undefined): string | undefined {
  const errors = useContext(FormErrorsContext);
  return ownError ?? errors[name];
}

type Checkable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isCheckable = (element: Element): element is Checkable =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/**
 * The one summary at the top of a form whose fields have messages beside them, whichever check
 * found them (the browser's, a contract's or a form's own); null when there is nothing to fix.
 */
export function summarizeFieldErrors(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`;
}

/** A word written as in a title ("Password", not "PDF" or "YouTube") is lower case in a sentence. */
const toSentenceWord = (word: string) => (/^[A-Z][a-z'’-]*$/.test(word) ? word.toLowerCase() : word);

/**
 * The field's name as it reads in a sentence ("First name" → "first name"), from its label
 * without the "(required)" mark; null when it has none.
 */
function labelOf(element: Checkable): string | null {
  const label = element.labels?.[0];
  if (!label) return null;
  const text = Array.from(label.childNodes)
    .filter((node) => !(node instanceof Element && node.classList.contains('form-field__required')))
    .map((node) => node.textContent ?? '')
    .join('')
    .trim();
  return text === '' ? null : text.split(/\s+/).map(toSentenceWord).join(' ');
}

/**
 * The site's wording for what the browser's constraint checks found, in the contracts' voice and
 * naming the field, so no form shows the browser's own bubbles (the form element always has
 * noValidate) and a field reads the same whichever check caught it.
 */
export function messageForInvalid(element: Checkable): string {
  const { validity } = element;
  const label = labelOf(element) ?? 'value';
  const isFile = element instanceof HTMLInputElement && element.type === 'file';
  if (validity.valueMissing) {
    if (element.type === 'checkbox') return 'Please tick this box.';
    return isFile || element instanceof HTMLSelectElement ? FIELD_MESSAGES.notChosen(label) : FIELD_MESSAGES.missing(label);
  }
  if (validity.typeMismatch && element.type === 'email') return FIELD_MESSAGES.notEmailAddress(label);
  if (validity.typeMismatch && element.type === 'url') return FIELD_MESSAGES.notWebAddress(label);
  if (validity.tooShort && element instanceof HTMLInputElement) return FIELD_MESSAGES.tooShort(label, element.minLength, element.value.length);
  if (validity.tooLong && !(element instanceof HTMLSelectElement)) return FIELD_MESSAGES.tooLong(label, element.maxLength);
  if (validity.rangeUnderflow && element instanceof HTMLInputElement) return FIELD_MESSAGES.belowMinimum(label, element.min);
  if (validity.rangeOverflow && element instanceof HTMLInputElement) return FIELD_MESSAGES.aboveMaximum(label, element.max);
  if (validity.badInput) return FIELD_MESSAGES.notANumber(label);
  if (validity.stepMismatch) return FIELD_MESSAGES.notWholeNumber(label);
  if (validity.patternMismatch && element instanceof HTMLInputElement && element.title !== '') return element.title;
  return `Please check the ${label}.`;
}

/** Every named field of the form that fails the browser's checks, with the site's message. */
export function findInvalidFields(form: HTMLFormElement): FieldErrors {
  const errors: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    if (!isCheckable(element) || element.name === '' || !element.willValidate) continue;
    if (!element.validity.valid && errors[element.name] === undefined) errors[element.name] = messageForInvalid(element);
  }
  return errors;
}
