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
 * The site's wording for what the browser's constraint checks found, so no form shows the
 * browser's own bubbles (the form element always has noValidate).
 */
export function messageForInvalid(element: Checkable): string {
  const { validity } = element;
  if (validity.valueMissing) return element.type === 'checkbox' ? 'Please tick this box.' : 'Please fill in this field.';
  if (validity.typeMismatch && element.type === 'email') return 'Please enter an e-mail address such as name@example.org.';
  if (validity.typeMismatch && element.type === 'url') return 'Please enter a web address such as https://example.org.';
  if (validity.tooShort && element instanceof HTMLInputElement) {
    return `Please use at least ${element.minLength} characters (now ${element.value.length}).`;
  }
  if (validity.tooLong && !(element instanceof HTMLSelectElement)) {
    return `Please use at most ${element.maxLength} characters.`;
  }
  if ((validity.rangeUnderflow || validity.rangeOverflow) && element instanceof HTMLInputElement) {
    return `Please enter a number from ${element.min || 'any'} to ${element.max || 'any'}.`;
  }
  if (validity.badInput || validity.stepMismatch) return 'Please enter a whole number.';
  if (validity.patternMismatch && element instanceof HTMLInputElement && element.title !== '') return element.title;
  return 'Please check this field.';
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
