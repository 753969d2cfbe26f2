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

/** The words of the field's label as shown, without the "(required)" mark; '' when it has none. */
function labelTextOf(element: Checkable): string {
  const label = element.labels?.[0];
  if (!label) return '';
  return Array.from(label.childNodes)
    .filter((node) => !(node instanceof Element && node.classList.contains('form-field__required')))
    .map((node) => node.textContent ?? '')
    .join('')
    .trim();
}

/** The field's name as it reads in a sentence ("First name" → "first name"); null when it has no label. */
function labelOf(element: Checkable): string | null {
  const text = labelTextOf(element);
  return text === '' ? null : text.split(/\s+/).map(toSentenceWord).join(' ');
}

/**
 * The site's wording for what the browser's constraint checks found, in the contracts' voice and
 * naming the field, so no form shows the browser's own bubbles (the form element always has
 * noValidate) and a field reads the same whichever check caught it.
 */
function messageForInvalid(element: Checkable): string {
  const { validity } = element;
  // A label asked as a question ("What is it?") reads wrong inside a sentence: it is asked again.
  const question = labelTextOf(element);
  if (validity.valueMissing && question.endsWith('?')) return `Please answer: ${question}`;
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

/** A field the form marked wrong, as the error summary links to it: by its label, its message being beside it. */
export type MarkedField = { readonly id: string; readonly label: string };

/**
 * Every field the form shows as wrong (`aria-invalid`, whichever check marked it), in the form's
 * order, named by its label: what the summary links to.
 */
export function findMarkedFields(form: HTMLFormElement): MarkedField[] {
  const marked: MarkedField[] = [];
  for (const element of Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'))) {
    if (element.id === '' || marked.some((field) => field.id === element.id)) continue;
    const label = isCheckable(element) ? labelTextOf(element) : '';
    marked.push({ id: element.id, label: label || element.getAttribute('aria-label') || 'A field' });
  }
  return marked;
}
