import { useRef, useState, type RefObject } from 'react';

interface PageChoice<T extends HTMLElement> {
  /** The page to ask for: the one chosen, unless the search, filter or order changed since. */
  page: number;
  /** Back to page 1 (a change below forgets the page, also when it returns to an earlier search). */
  forgetPage: () => void;
  /** Shows page n and brings the list's top into view: on a phone the pager is far below it. */
  toPage: (page: number) => void;
  /** Put on the element that starts the list (its count line). */
  topRef: RefObject<T | null>;
}

/**
 * The page of a list searched in place (forum threads, the member list): the page belongs to the
 * search it was chosen in, so a new search, filter or order starts at page 1.
 */
export function usePageChoice<T extends HTMLElement>(filterKey: string): PageChoice<T> {
  const [chosen, setChosen] = useState({ filterKey, page: 1 });
  const topRef = useRef<T>(null);
  return {
    page: chosen.filterKey === filterKey ? chosen.page : 1,
    forgetPage: () => setChosen({ filterKey: '', page: 1 }),
    toPage: (page) => {
      setChosen({ filterKey, page });
      const top = topRef.current;
      if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
    },
    topRef,
  };
}
