/** Zod-free facts of the forum's thread list (the call table and the browser's pages use them). */

/** How many threads one page of the forum's list holds. */
export const FORUM_PAGE_SIZE = 25;

/** The orders the thread list can be read in; `activity` (newest activity first) is the default. */
export const FORUM_SORTS = ['activity', 'newest', 'replies'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];
export const FORUM_SORT_LABELS: Record<ForumSort, string> = {
  activity: 'Latest activity',
  newest: 'Newest threads',
  replies: 'Most replies',
};
