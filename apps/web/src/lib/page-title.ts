import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

const DEFAULT_CLUB_NAME = 'Gateway Region Classic Car Club';

let clubName: string | undefined;

/**
 * The club's name, which the server writes into index.html from CLUB_NAME. The build's prerender
 * of `/` (src/prerender.tsx) has no document and uses index.html's own name, which the server
 * then replaces with CLUB_NAME like the rest of the page's; the server's render of a data page is
 * told CLUB_NAME (`setClubName`).
 */
export function getClubName(): string {
  if (clubName === undefined) {
    const content = typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="club-name"]')?.content.trim();
    clubName = content ? content : DEFAULT_CLUB_NAME;
  }
  return clubName;
}

/** The server's render of a page (src/prerender.tsx) has no page to read the name from: it is told it. */
export function setClubName(name: string): void {
  clubName = name.trim() || DEFAULT_CLUB_NAME;
}

let currentPageName = '';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The page's full title as the tab shows it. */
export const pageTitleOf = (name: string): string => `${name} - ${getClubName()}`;

/**
 * The server's render of a page (src/prerender.tsx) runs no effects: it hears the page's name
 * here, during the render, and writes the title into the HTML it sends (for link previews and
 * for crawlers, which run no script).
 */
export const PageTitleSink = createContext<((name: string) => void) | null>(null);

/** Sets the tab title to "Page Name - Club Name" and tells the header which page is showing. */
export function usePageTitle(name: string): void {
  useContext(PageTitleSink)?.(name);
  useEffect(() => {
    document.title = pageTitleOf(name);
    currentPageName = name;
    for (const listener of listeners) listener();
  }, [name]);
}

/** The name the current page gave to usePageTitle, for the header on small screens. */
export function useCurrentPageName(): string {
  return useSyncExternalStore(
    subscribe,
    () => currentPageName,
    () => currentPageName,
  );
}
