/** Zod-free facts of the classifieds (the call table and the browser's pages use them). */

/** For sale, or wanted. */
export const LISTING_KINDS = ['sale', 'wanted'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];
export const LISTING_KIND_LABELS: Record<ListingKind, string> = { sale: 'For sale', wanted: 'Wanted' };

/** What is offered or sought. */
export const LISTING_CATEGORIES = ['car', 'part', 'tools', 'literature'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
export const LISTING_CATEGORY_LABELS: Record<ListingCategory, string> = { car: 'Car', part: 'Part', tools: 'Tools', literature: 'Literature' };

/** A listing's condition; '' when the seller does not say. NOS is "new old stock", a part made then and never fitted. */
export const LISTING_CONDITIONS = ['', 'new', 'nos', 'excellent', 'good', 'fair', 'poor', 'restorable'] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];
export const LISTING_CONDITION_LABELS: Record<ListingCondition, string> = {
  '': 'Not stated',
  new: 'New (reproduction)',
  nos: 'New old stock (NOS)',
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  restorable: 'Needs restoration',
};

/** Who may see a listing: members only (the default), or everyone. */
export const LISTING_VISIBILITIES = ['members', 'public'] as const;
export type ListingVisibility = (typeof LISTING_VISIBILITIES)[number];
export const LISTING_VISIBILITY_LABELS: Record<ListingVisibility, string> = { members: 'Members only', public: 'Everyone (public)' };

/**
 * Where a listing stands: `active` until it expires; `sold` for SOLD_KEPT_DAYS after the seller
 * marks it, then `archived`; `expired` once its time ran out unrenewed; `hidden` by a moderator.
 * Only the seller and the moderators see an expired, archived or hidden listing.
 */
export const LISTING_STATUSES = ['active', 'sold', 'expired', 'archived', 'hidden'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  active: 'Active',
  sold: 'Sold',
  expired: 'Expired',
  archived: 'Sold (archived)',
  hidden: 'Hidden by a moderator',
};

export const LISTING_MAX_PHOTOS = 8;
/** How long a listing runs, and how long a renewal adds from the day it is renewed. */
export const LISTING_DAYS = 60;
/** The "still for sale?" e-mail goes this many days before the listing expires. */
export const LISTING_NOTICE_DAYS = 7;

/**
 * From when the seller may renew a listing (ms since the epoch): its last week, when the "still
 * for sale?" e-mail goes, so a fresh listing offers its end date rather than a Renew button.
 */
export const listingRenewableFrom = (expires: string): number => Date.parse(expires) - LISTING_NOTICE_DAYS * 86_400_000;
/** How long a sold listing stays on the list as "sold" before it is archived. */
export const SOLD_KEPT_DAYS = 30;
export const CLASSIFIEDS_PAGE_SIZE = 20;
export const LISTING_TEXT_MAX = 5000;
export const LISTING_MESSAGE_MAX = 5000;
/** The largest price the site takes, in dollars. */
export const LISTING_PRICE_MAX = 10_000_000;

/** A price as a reader sees it: "$1,250", "$12.50". */
export const formatPrice = (price: number): string =>
  `$${price.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(price) ? 0 : 2, maximumFractionDigits: 2 })}`;
