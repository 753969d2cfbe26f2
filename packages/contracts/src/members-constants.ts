/** Zod-free facts of the member directory (the call table and the browser's pages use them). */

/** How many entries (a member, or a household listed together) one page of the directory holds. */
export const MEMBERS_PAGE_SIZE = 24;

/** The orders the directory can be read in; `last` (last name, then first) is the default. */
export const MEMBER_SORTS = ['last', 'first', 'city', 'newest'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const MEMBER_SORT_LABELS: Record<MemberSort, string> = {
  last: 'Last name',
  first: 'First name',
  city: 'City',
  newest: 'Newest members first',
};
