import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { NavGroup } from './navigation.ts';

let lastInputWasKeyboard = false;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => (lastInputWasKeyboard = true), true);
  document.addEventListener('pointerdown', () => (lastInputWasKeyboard = false), true);
}

export type NavDropdownProps = {
  group: NavGroup;
  /** The menu entry marked as where the visitor is (see currentNavTarget). */
  current: string;
  onNavigate: () => void;
};

/**
 * A disclosure (button + list of links) rather than an ARIA menu: it is what these links
 * are, and it works with Tab, Enter and Escape without extra key handling.
 */
export function NavDropdown({ group, current, onNavigate }: NavDropdownProps) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const wrapperRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hasCurrentPage = group.items.some((item) => item.to.toLowerCase() === current);

  useEffect(() => {
    if (!isOpen) return;
    // On click, not pointerdown: on a phone the open list sits above the other entries, and
    // closing it at touch-down moved them, so the tap's click landed on another link.
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) setIsOpen(false);
    };
    document.addEventListener('click', closeOnOutsideClick);
    return () => document.removeEventListener('click', closeOnOutsideClick);
  }, [isOpen]);

  function handleKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && isOpen) {
      // Stop here so an enclosing mobile menu stays open; only this list closes.
      event.stopPropagation();
      setIsOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    <li
      ref={wrapperRef}
      className={`nav__item nav__group${isOpen ? ' is-open' : ''}`}
      onKeyDown={handleKeyDown}
      onBlur={(event) => {
        // Only Tab-away closes here. A tap moves focus at mousedown, before its click: closing
        // then would shift the list under the finger; the click handler deals with pointers.
        if (lastInputWasKeyboard && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) {
          setIsOpen(false);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav__link nav__group-button${hasCurrentPage ? ' is-current' : ''}`}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {group.label}
        <span className="nav__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="nav__submenu" hidden={!isOpen}>
        {group.items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="nav__sublink"
              aria-current={item.to.toLowerCase() === current ? 'page' : undefined}
              onClick={() => {
                setIsOpen(false);
                onNavigate();
              }}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
