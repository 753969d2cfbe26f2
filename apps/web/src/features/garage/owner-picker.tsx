import type { Car } from '@club/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { FieldFrame } from '../../components/field-frame.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useOwnerSearch, type OwnerChoice } from './api/garage-reads.ts';
import '../../components/form.css';
import './garage.css';

/** Long enough to skip the keys of a word being typed, short enough to feel immediate. */
const SEARCH_DELAY_MS = 250;

type Owner = { id: number; name: string };

/**
 * A member editor's (or an admin's) choice of the car's owner: type part of a name, pick the
 * member from the list (a combobox: arrows and Enter, or a tap). It reads one page of the member
 * directory as the editor types, never the whole list. A new car starts as the editor's own; a
 * former member's car stays without an owner until one is chosen. The chosen id goes in `ownerId`.
 */
export function OwnerPicker({ car, currentUser }: { car: Car | null; currentUser: Owner }) {
  const listId = useId();
  const initial: Owner | null = car === null ? currentUser : car.ownerId === null ? null : { id: car.ownerId, name: car.owner ?? '' };
  const [owner, setOwner] = useState<Owner | null>(initial);
  const [text, setText] = useState(initial?.name ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const [isTyping, setIsTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = isTyping ? text : '';
  const settled = useDebouncedValue(typed, SEARCH_DELAY_MS, (value) => value.trim() === '');
  const search = useOwnerSearch(settled, isOpen);
  const choices = search.choices;
  const optionId = (n: number) => `${listId}-option-${n}`;
  const labelOf = (choice: OwnerChoice) => (choice.id === currentUser.id ? `${choice.name} (you)` : choice.name);

  const open = () => {
    setIsOpen(true);
    setActive(-1);
  };
  const close = () => {
    setIsOpen(false);
    setIsTyping(false);
    setActive(-1);
    setText(owner?.name ?? '');
  };
  const choose = (choice: OwnerChoice) => {
    setOwner({ id: choice.id, name: choice.name });
    setText(choice.name);
    setIsTyping(false);
    setIsOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        open();
      } else if (choices.length > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + choices.length) % choices.length);
      }
    } else if (event.key === 'Enter' && isOpen) {
      // Enter picks the highlighted member; it never sends the car's form half chosen.
      event.preventDefault();
      const choice = choices[active] ?? (choices.length === 1 ? choices[0] : undefined);
      if (choice) choose(choice);
    } else if (event.key === 'Escape' && isOpen) {
      // Closes the list only; a second Escape closes the dialog.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const status = !isOpen
    ? ''
    : search.error
      ? 'The member list could not be loaded. Please try again.'
      : search.isLoading || (isTyping && settled !== text)
        ? 'Searching…'
        : choices.length === 0
          ? 'No member found. Try part of the first or last name.'
          : `${choices.length === 1 ? '1 member' : `${choices.length} members`} found${search.found > choices.length ? '; type more of the name to narrow the list' : ''}.`;

  return (
    <FieldFrame
      label="Owner"
      className="owner-picker"
      hint={owner === null ? 'A former member’s car: it has no owner until you choose one.' : 'Type part of a member’s name, then choose them from the list.'}
    >
      {(control) => (
        <div className="owner-picker__box">
          <input type="hidden" name="ownerId" value={owner === null ? '' : String(owner.id)} />
          <input
            {...control}
            className="form-field__input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder={owner === null ? 'Former member (no owner)' : undefined}
            aria-autocomplete="list"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-activedescendant={isOpen && active >= 0 && active < choices.length ? optionId(active) : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setIsTyping(true);
              setIsOpen(true);
              setActive(-1);
            }}
            onClick={() => {
              if (!isOpen) open();
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          <ul id={listId} role="listbox" aria-label="Members" className="owner-picker__list" hidden={!isOpen || choices.length === 0}>
            {choices.map((choice, n) => (
              <li
                key={choice.id}
                id={optionId(n)}
                role="option"
                aria-selected={n === active}
                className={choice.id === owner?.id ? 'owner-picker__option owner-picker__option--chosen' : 'owner-picker__option'}
                // Keeps focus in the box, so choosing does not count as leaving it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
              >
                <span className="owner-picker__name">{labelOf(choice)}</span>
                {choice.city !== '' && <span className="owner-picker__city">{choice.city}</span>}
              </li>
            ))}
          </ul>
          <p className="visually-hidden" role="status">
            {status}
          </p>
          {isOpen && status !== '' && choices.length === 0 && (
            <p className="owner-picker__empty" aria-hidden="true">
              {status}
            </p>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
