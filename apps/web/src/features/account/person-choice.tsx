import type { LinkPerson } from '@club/contracts';
import { readForm } from '../../components/form-values.ts';

/** The field the chosen person's id travels in (the calls' `i`). */
const FIELD = 'i';

export const CHOOSE_PERSON_MESSAGE = 'Please choose who you are.';

/**
 * "Who are you?" on the page an e-mailed link opens, when the link went to an address several
 * members share: the e-mail never names a choice, so whoever opens it chooses here.
 */
export function PersonChoice({ people }: { people: LinkPerson[] }) {
  return (
    <fieldset className="person-choice">
      <legend>Who are you?</legend>
      <p className="person-choice__hint">More than one member shares this e-mail address.</p>
      {people.map((person) => (
        <label key={person.i} className="person-choice__option">
          <input type="radio" name={FIELD} value={person.i} /> {person.n}
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen person's id, or undefined when none was chosen (or there was no choice to make). */
export function readChosenPerson(data: FormData): number | undefined {
  const { i } = readForm(data, { [FIELD]: 'text' });
  return i === '' ? undefined : Number(i);
}
