import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../session/index.ts';
import { getClubName, useCurrentPageName } from '../../lib/page-title.ts';
import { PATHS, sectionLabelFor } from '../../lib/paths.ts';
import { NavDropdown } from './nav-dropdown.tsx';
import { ACCOUNT_LINK, LOGIN_LINK, NAV_ENTRIES, currentNavTarget, isNavGroup } from './navigation.ts';

/**
 * Whether the open phone menu holds more entries below its visible part: the list scrolls on a
 * short screen (375x667 with a group open hides "Links" and "Member Login"), and a fade with
 * "More below" says so until the member scrolls to its end. Entries change height when a group
 * opens, so each one is watched, not only the list.
 */
function useHasMoreBelow(listRef: RefObject<HTMLUListElement | null>, isOpen: boolean): boolean {
  const [hasMoreBelow, setHasMoreBelow] = useState(false);
  useEffect(() => {
    const list = listRef.current;
    if (!isOpen || !list) {
      setHasMoreBelow(false);
      return;
    }
    const measure = () => setHasMoreBelow(list.scrollTop + list.clientHeight < list.scrollHeight - 2);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    for (const entry of list.children) observer.observe(entry);
    list.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      list.removeEventListener('scroll', measure);
    };
  }, [listRef, isOpen]);
  return hasMoreBelow;
}

/**
 * One navigation for every width: from 64rem it is a horizontal bar with dropdowns (one row needs
 * about 60rem; at 768 px it wrapped into two); below, the same list folds behind the Menu button
 * and the bar shows the current page's name.
 */
export function SiteHeader() {
  const { isLoggedIn } = useSession();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const hasMoreBelow = useHasMoreBelow(listRef, isMenuOpen);
  const { pathname } = useLocation();
  const pageName = useCurrentPageName();
  const barTitle = sectionLabelFor(pathname) ?? pageName;
  const clubName = getClubName();
  const sessionLink = isLoggedIn ? ACCOUNT_LINK : LOGIN_LINK;
  const closeMenu = () => setIsMenuOpen(false);
  const current = currentNavTarget(pathname, isLoggedIn);
  /** The page's own entry, or the entry of its family (see currentNavTarget), is marked current. */
  const linkProps = (to: string, className: string) => ({ className, 'aria-current': to.toLowerCase() === current ? ('page' as const) : undefined });

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && isMenuOpen) {
      setIsMenuOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={PATHS.home} className="site-header__brand" onClick={closeMenu}>
          <img className="site-header__logo" src="/logo.svg" alt="" width="96" height="48" />
          <span className="site-header__club-name">{clubName}</span>
          <span className="visually-hidden"> home page</span>
        </Link>
        <p className="site-header__page-title">{barTitle}</p>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          <span className="site-header__menu-icon" aria-hidden="true" />
          {isMenuOpen ? 'Close' : 'Menu'}
        </button>
      </div>
      <nav className="nav" aria-label="Main" onKeyDown={handleKeyDown}>
        <ul ref={listRef} id={menuId} className={`nav__list${isMenuOpen ? ' is-open' : ''}`}>
          {NAV_ENTRIES.map((entry) =>
            isNavGroup(entry) ? (
              <NavDropdown key={entry.label} group={entry} current={current} onNavigate={closeMenu} />
            ) : (
              <li key={entry.to} className="nav__item">
                <Link to={entry.to} {...linkProps(entry.to, 'nav__link')} onClick={closeMenu}>
                  {entry.label}
                </Link>
              </li>
            ),
          )}
          <li className="nav__item nav__item--session">
            <Link to={sessionLink.to} {...linkProps(sessionLink.to, 'nav__link nav__link--session')} onClick={closeMenu}>
              {sessionLink.label}
            </Link>
          </li>
        </ul>
        {hasMoreBelow && (
          <p className="nav__more" aria-hidden="true">
            More below
            <span className="nav__chevron" />
          </p>
        )}
      </nav>
    </header>
  );
}
