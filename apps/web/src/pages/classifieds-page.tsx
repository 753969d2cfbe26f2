import { CLASSIFIEDS_PAGE_SIZE, LISTING_CATEGORIES, LISTING_KINDS, type ListingCategory, type ListingKind } from '@club/contracts/plain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FoundGrid } from '../components/found-grid.tsx';
import { loadWhenShown } from '../components/load-when-shown.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { PATHS, listingPath } from '../lib/paths.ts';
import { useFiltersInAddress } from '../lib/use-filters-in-address.ts';
import { useListingsPage, type ClassifiedsFilters } from '../features/classifieds/api/classifieds-reads.ts';
import { ClassifiedsFiltersForm } from '../features/classifieds/classifieds-filters.tsx';
import { ListingCard } from '../features/classifieds/listing-card.tsx';
import '../features/classifieds/classifieds.css';
import { useSession } from '../session/index.ts';

// The editor loads when a member places a listing, never for a visitor.
const ListingEditor = loadWhenShown(() => import('../features/classifieds/listing-editor.tsx').then((m) => m.ListingEditor));

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((known) => known === value);

function filtersFrom(params: URLSearchParams): ClassifiedsFilters {
  const kind = oneOf<ListingKind>(LISTING_KINDS, params.get('kind'));
  const category = oneOf<ListingCategory>(LISTING_CATEGORIES, params.get('what'));
  return { ...(kind ? { kind } : {}), ...(category ? { category } : {}), words: params.get('q') ?? '' };
}

function paramsOf(filters: ClassifiedsFilters): Record<string, string> {
  return {
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.category ? { what: filters.category } : {}),
    ...(filters.words ? { q: filters.words } : {}),
  };
}

/** /classifieds: for sale and wanted, newest first, filters kept in the address, paged; every member places listings (moderators hide and delete them). */
export function ClassifiedsPage() {
  const { filters, page, apply, pathOf } = useFiltersInAddress(filtersFrom, paramsOf);
  const { isLoggedIn } = useSession();
  const [isPlacing, setIsPlacing] = useState(false);
  const navigate = useNavigate();
  const listings = useListingsPage(filters, page);
  return (
    <PageFrame
      title="Classifieds"
      width="wide"
      lede={
        isLoggedIn
          ? 'Cars, parts, tools and literature our members sell or seek. Write to a seller through the site: they answer by e-mail.'
          : 'Cars, parts, tools and literature our members sell or seek, those they share with everyone. Members log in to see them all.'
      }
    >
      {isLoggedIn && (
        <p className="button-row">
          <button type="button" className="button button--primary" onClick={() => setIsPlacing(true)}>
            Place a listing
          </button>
        </p>
      )}
      {isPlacing && (
        <ListingEditor
          listing={null}
          onClose={() => setIsPlacing(false)}
          onSaved={(id) => {
            setIsPlacing(false);
            void navigate(listingPath(id));
          }}
        />
      )}
      <ClassifiedsFiltersForm filters={filters} onApply={apply} />
      <QueryState query={listings} what="the listings" loadingLabel="Loading the listings…">
        {({ listings: found, total }) => (
          <FoundGrid
            id="classifieds-found"
            items={found}
            total={total}
            page={page}
            pageSize={CLASSIFIEDS_PAGE_SIZE}
            noun={['listing', 'listings']}
            pathOf={pathOf}
            renderItem={(listing, isEager) => <ListingCard key={listing.id} listing={listing} isVisibilityShown={isLoggedIn} isEager={isEager} />}
          />
        )}
      </QueryState>
      {isLoggedIn && (
        <p>
          Your own listings, ended and sold ones too, are on <Link to={PATHS.account}>your account page</Link>.
        </p>
      )}
    </PageFrame>
  );
}
