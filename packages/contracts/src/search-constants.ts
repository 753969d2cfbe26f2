/**
 * Site search (zod-free: the header's search box on the first page uses these). One index holds
 * every kind below; each result names its kind, and the web app turns kind and ids into a link.
 */
export const SEARCH_KINDS = [
  'page',
  'president',
  'shaftAward',
  'startupParty',
  'board',
  'meeting',
  'link',
  'event',
  'photo',
  'forumThread',
  'forumPost',
  'member',
  'car',
  'newsletter',
  'listing',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest query a search takes. */
export const SEARCH_QUERY_MAX = 200;
/** At most this many results of one kind per answer for one kind; `page` asks for the next ones. */
export const SEARCH_PAGE_SIZE = 50;
/**
 * At most this many results of each kind in the overview (no `kind` asked): what the results
 * page shows of each, with the kind's total and a link to all of them.
 */
export const SEARCH_OVERVIEW_SIZE = 5;

/** A group's heading on the results page. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  page: 'Pages',
  president: 'Past presidents',
  shaftAward: 'Shaft Award winners',
  startupParty: 'Start-up parties',
  board: 'Board members',
  meeting: 'Monthly meetings',
  link: 'Links',
  event: 'Events',
  photo: 'Photos',
  forumThread: 'Forum threads',
  forumPost: 'Forum posts',
  member: 'Members',
  car: 'Registry cars',
  newsletter: 'Valley News',
  listing: 'Classifieds',
};
