import { dateFormat, formatPrice, LISTING_CATEGORY_LABELS, LISTING_CONDITION_LABELS, LISTING_KIND_LABELS, LISTING_STATUS_LABELS } from '@club/contracts/plain';
import type { ListingSummary } from '@club/contracts';

/** "$125.50", "$1,250 or offers", "Offers", or '' for a wanted listing. */
export function priceLineOf(listing: Pick<ListingSummary, 'kind' | 'price' | 'isOffers'>): string {
  if (listing.kind === 'wanted') return '';
  if (listing.price === null) return listing.isOffers ? 'Offers' : '';
  return listing.isOffers ? `${formatPrice(listing.price)} or offers` : formatPrice(listing.price);
}

/** "For sale · Part", "Wanted · Literature". */
export const kindLineOf = (listing: Pick<ListingSummary, 'kind' | 'category'>): string =>
  `${LISTING_KIND_LABELS[listing.kind]} · ${LISTING_CATEGORY_LABELS[listing.category]}`;

export const placeOf = (listing: Pick<ListingSummary, 'city' | 'state'>): string => [listing.city, listing.state].filter(Boolean).join(', ');

export const conditionOf = (listing: Pick<ListingSummary, 'condition'>): string => LISTING_CONDITION_LABELS[listing.condition];

/** "Sold", or "Found" for a wanted listing its member has closed. */
export function statusLabelOf({ status, kind }: Pick<ListingSummary, 'status' | 'kind'>): string {
  if (kind === 'wanted' && status === 'sold') return 'Found';
  if (kind === 'wanted' && status === 'archived') return 'Found (archived)';
  return LISTING_STATUS_LABELS[status];
}

/** Who a message about the listing goes to: "the seller", or "the member who wants it". */
export const ownerOf = (listing: Pick<ListingSummary, 'kind'>): string => (listing.kind === 'wanted' ? 'the member who wants it' : 'the seller');

/** A date as members read it: "January 24, 2027". */
export const dayOf = (iso: string): string => dateFormat({ month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** Paragraphs of a listing's text: a blank line starts a new one. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
