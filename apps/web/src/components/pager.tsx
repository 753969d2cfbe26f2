import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './pager.css';

/** One way out of the page on screen: an address (kept in the URL) or a choice made in place. */
export type PagerStep = { label: string; to: string } | { label: string; onSelect: () => void; isDisabled?: boolean };

interface PagerProps {
  /** Names the navigation landmark, e.g. "Pages of members". */
  label: string;
  previous?: PagerStep;
  next?: PagerStep;
  /** Between the two: "Page 2 of 5", or a link back to the whole list. */
  where: ReactNode;
}

function Step({ step, rel }: { step: PagerStep | undefined; rel: 'prev' | 'next' }) {
  const className = `button pager__${rel}`;
  if (step === undefined) return null;
  if ('to' in step) {
    return (
      <Link className={className} to={step.to} rel={rel}>
        {step.label}
      </Link>
    );
  }
  return (
    <button type="button" className={className} disabled={step.isDisabled} onClick={step.onSelect}>
      {step.label}
    </button>
  );
}

/**
 * Previous, where the reader is, Next: one row on a wide screen; on a phone (or with WCAG text
 * spacing) "where" sits above the two buttons, which share a row and its height.
 */
export function Pager({ label, previous, next, where }: PagerProps) {
  return (
    <nav className="pager" aria-label={label}>
      <Step step={previous} rel="prev" />
      <span className="pager__where">{where}</span>
      <Step step={next} rel="next" />
    </nav>
  );
}

interface PageNumbersProps {
  label: string;
  page: number;
  pages: number;
  /** Pages kept in the address: the link to page n. Links to pages that do not exist are left out. */
  pathOf?: (page: number) => string;
  /** Pages chosen in place: both buttons stay, disabled at either end. */
  onPage?: (page: number) => void;
  previousLabel?: string;
  nextLabel?: string;
}

/** "Page n of m" between Previous and Next, for lists read a page at a time. */
export function PageNumbers({ label, page, pages, pathOf, onPage, previousLabel = '← Previous', nextLabel = 'Next →' }: PageNumbersProps) {
  const shown = Math.min(page, pages);
  const stepTo = (target: number, stepLabel: string, exists: boolean): PagerStep | undefined => {
    if (onPage) return { label: stepLabel, onSelect: () => onPage(target), isDisabled: !exists };
    return exists && pathOf ? { label: stepLabel, to: pathOf(target) } : undefined;
  };
  return (
    <Pager
      label={label}
      previous={stepTo(Math.min(page - 1, pages), previousLabel, page > 1)}
      next={stepTo(page + 1, nextLabel, page < pages)}
      where={`Page ${shown} of ${pages}`}
    />
  );
}
