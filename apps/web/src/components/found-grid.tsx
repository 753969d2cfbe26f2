import type { ReactNode } from 'react';
import { PageNumbers } from './pager.tsx';
import './photo-card.css';

/** The first photos, those on a phone's first screen: loaded at once, the rest when scrolled to. */
const FIRST_ROW = 2;

/**
 * What a filtered, paged grid found (the registry's cars, the classifieds' listings): a heading
 * with the count and the page ("12 cars, page 1 of 3", or that nothing matches), the grid of
 * cards (components/photo-card.tsx), and the page numbers. `renderItem` draws one card;
 * `isEager` is true for the first row's photos.
 */
export function FoundGrid<Item extends { id: number }>({
  id,
  items,
  total,
  page,
  pageSize,
  noun,
  pathOf,
  renderItem,
}: {
  /** The heading's id, which names the section. */
  id: string;
  items: readonly Item[];
  total: number;
  page: number;
  pageSize: number;
  /** One and many: ['car', 'cars']. */
  noun: readonly [string, string];
  pathOf: (page: number) => string;
  renderItem: (item: Item, isEager: boolean) => ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [one, many] = noun;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="found-grid__heading">
        {total === 0 ? `No ${many} match.` : `${total} ${total === 1 ? one : many}${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
      </h2>
      {items.length > 0 && <ul className="photo-grid">{items.map((item, index) => renderItem(item, index < FIRST_ROW))}</ul>}
      {pages > 1 && <PageNumbers label={`Pages of ${many}`} page={page} pages={pages} pathOf={pathOf} />}
    </section>
  );
}
