import { readForm } from './form-values.ts';
import { PERSON_FIELD } from './person-choice.tsx';

export const CHOOSE_PERSON_MESSAGE = 'Please choose who you are.';

/** The person chosen in PersonChoice, or undefined when none was chosen (or there was no choice to make). */
export function readChosenPerson(data: FormData): number | undefined {
  const { [PERSON_FIELD]: chosen } = readForm(data, { [PERSON_FIELD]: 'text' });
  return chosen === '' ? undefined : Number(chosen);
}
