import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title.ts';

export type PageFrameProps = {
  /** The page name: the tab title, the h1 and the small-screen header label. */
  title: string;
  /** The h1 when it should read differently from the tab title. */
  heading?: string;
  /** An introductory sentence under the heading. */
  lede?: ReactNode;
  children?: ReactNode;
  width?: 'reading' | 'wide';
};

/** The common frame of a page: sets the title and renders the single h1. */
export function PageFrame({ title, heading, lede, children, width = 'reading' }: PageFrameProps) {
  usePageTitle(title);
  return (
    <article className={`page page--${width}`}>
      <header className="page__header">
        <h1 className="page__title">{heading ?? title}</h1>
        {lede !== undefined && <p className="page__lede">{lede}</p>}
      </header>
      {children}
    </article>
  );
}
