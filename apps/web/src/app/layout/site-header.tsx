import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/index.ts';
import { getClubName, useCurrentPageName } from '../../lib/page-title.ts';
import { PATHS, searchPath, sectionLabelFor } from '../../lib/paths.ts';
import { NavDropdown } from './nav-dropdown.tsx';
import { ACCOUNT_LINK, LOGIN_LINK, NAV_ENTRIES, currentNavTarget, isNavGroup } from './navigation.ts';

/**
 * The search box of every page (a plain GET form to /search before the page has loaded its
 * script). On phones only its button shows; it opens /search, whose own box takes the typing.
 */
function SiteSearch() {
  const navigate = useNavigate();
  const inputId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get('q');
    navigate(searchPath(typeof query === 'string' ? query.trim() : ''));
  }
  return (
    <form role="search" aria-label="Site" className="site-search" action={PATHS.search} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search the site
      </label>
      <input id={inputId} className="site-search__input" type="search" name="q" placeholder="Search the site" maxLength={200} enterKeyHint="search" />
      <button type="submit" className="site-search__button">
        <span className="site-search__icon" aria-hidden="true" />
        <span className="site-search__label">Search</span>
      </button>
    </form>
  );
}

/**
 * The bar's title on small screens: the section, or the page's own name, which the page gives
 * once it has rendered (lib/page-title.ts). A component of its own, so that the name arriving
 * re-renders this line alone, not the header with its 30-odd menu links: on a page the server
 * drew, it arrives right after hydration, in the same task (a long one on a phone).
 */
function BarTitle({ pathname }: { pathname: string }) {
  const pageName = useCurrentPageName();
  return <p className="site-header__page-title">{sectionLabelFor(pathname) ?? pageName}</p>;
}

/**
 * One navigation for every width: from the spec's 48rem it is a band of entries with dropdowns
 * (in two rows up to 64rem: one row needs about 60rem); below, the same list folds behind the
 * Menu button and the bar shows the current page's name.
 */
export function SiteHeader() {
  const { isLoggedIn } = useSession();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
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
    // Escape closes the open menu from its Menu button (the focus right after opening it) as from its entries.
    <header className="site-header" onKeyDown={handleKeyDown}>
      <div className="site-header__bar">
        <Link to={PATHS.home} className="site-header__brand" onClick={closeMenu}>
          <img className="site-header__logo" src="/logo.svg" alt="" width="96" height="48" />
          <span className="site-header__club-name">{clubName}</span>
          <span className="visually-hidden"> home page</span>
        </Link>
        <BarTitle pathname={pathname} />
        <SiteSearch />
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
      <nav className="nav" aria-label="Main">
        <ul id={menuId} className={`nav__list${isMenuOpen ? ' is-open' : ''}`}>
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
        {/* Shown by CSS only while the open phone menu has entries below its fold (layout.css). */}
        <div className="nav__more" aria-hidden="true">
          More below ↓
        </div>
      </nav>
    </header>
  );
}
