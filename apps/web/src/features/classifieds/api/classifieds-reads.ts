import type { CallName, ListingCategory, ListingKind } from '@club/contracts/plain';
import { useCallQuery } from '../../../api/call-query.ts';

/** Every read a listing's change touches. */
export const LISTING_READS = ['listings.list', 'listing.get', 'listings.mine'] as const satisfies readonly CallName[];

export type ClassifiedsFilters = { kind?: ListingKind; category?: ListingCategory; words: string };

/** A page of the classifieds with its filters, as the viewer may see them. */
export function useListingsPage(filters: ClassifiedsFilters, page: number) {
  return useCallQuery('listings.list', {
    page,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.words ? { q: filters.words } : {}),
  });
}

/** One listing as this viewer may see it; a members-only or closed listing answers 404 to others. */
export function useListing(id: number) {
  return useCallQuery('listing.get', { id }, { retry: false, enabled: id > 0 });
}

export function useMyListings() {
  return useCallQuery('listings.mine', {});
}
