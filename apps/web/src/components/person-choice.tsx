import type { LinkPerson } from '@club/contracts';
/** The field the chosen person's id travels in (the calls' `i`; person-choice-field.ts reads it). */
export const PERSON_FIELD = 'i';

const HINTS = {
  link: 'More than one member shares this e-mail address.',
  password: 'Members who share this e-mail address use this password. Choose yourself, then press Log in again.',
};

/**
 * "Who are you?" where members share an e-mail address: on the page an e-mailed link opens (the
 * e-mail never names a choice, so whoever opens it chooses here), and in the login form when
 * partners at the address have the same password (which loads it only then). Styled by form.css's
 * choice group, which every form has loaded already.
 */
export function PersonChoice({ people, reason = 'link' }: { people: LinkPerson[]; reason?: 'link' | 'password' }) {
  return (
    <fieldset className="choice-group">
      <legend>Who are you?</legend>
      <p className="form-field__hint">{HINTS[reason]}</p>
      {people.map((person) => (
        <label key={person.i} className="choice">
          <input type="radio" name={PERSON_FIELD} value={person.i} /> {person.n}
        </label>
      ))}
    </fieldset>
  );
}
