import { PATHS, blogPath, forumPath } from '../../lib/paths.ts';

export type NavLinkItem = { label: string; to: string };
export type NavGroup = { label: string; items: readonly NavLinkItem[] };
export type NavEntry = NavLinkItem | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/** The header menu, in the order of the spec's Navigation paragraph. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    label: 'History',
    items: [
      { label: 'Our History', to: PATHS.history },
      { label: 'Our Founders', to: PATHS.founders },
      { label: 'Past Presidents', to: PATHS.presidents },
      { label: 'The Shaft Award', to: PATHS.shaftAward },
      { label: 'Start-up Parties', to: PATHS.startUpParties },
    ],
  },
  {
    label: 'Club Info',
    items: [
      { label: 'Board Members', to: PATHS.boardMembers },
      { label: 'Monthly Meetings', to: PATHS.meetings },
      { label: 'Club Documents', to: PATHS.clubDocuments },
      { label: 'Member List', to: PATHS.memberList },
      { label: 'Forum', to: forumPath() },
      { label: 'Classifieds', to: PATHS.classifieds },
      { label: 'Route Books', to: PATHS.routes },
    ],
  },
  { label: 'Membership', to: PATHS.membership },
  { label: 'Calendar of Events', to: PATHS.events },
  { label: 'Tech', to: PATHS.tech },
  { label: 'Valley News', to: PATHS.valleyNews },
  { label: 'Photos', to: blogPath() },
  { label: 'Car Registry', to: PATHS.registry },
  { label: 'Contact', to: PATHS.contact },
  { label: 'Links', to: PATHS.links },
];

/** Pages without an entry of their own, by first path segment, and the entry they belong to. */
const OWNING_ENTRY: Readonly<Record<string, string>> = {
  event: PATHS.events,
  editevent: PATHS.events,
  blog: blogPath(),
  editblog: blogPath(),
  forum: forumPath(),
  registry: PATHS.registry,
  classifieds: PATHS.classifieds,
  routes: PATHS.routes,
};

/**
 * The menu entry to mark as where the visitor is: the page's own entry, or the one its family
 * belongs to (an event → Calendar, a post's editor → Photos); logged out, /account shows the
 * login form, so Member Login.
 */
export function currentNavTarget(pathname: string, isLoggedIn: boolean): string {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === PATHS.account && !isLoggedIn) return PATHS.login;
  const firstSegment = path.split('/')[1] ?? '';
  return OWNING_ENTRY[firstSegment] ?? path;
}

export const ACCOUNT_LINK: NavLinkItem = { label: 'Account', to: PATHS.account };
export const LOGIN_LINK: NavLinkItem = { label: 'Member Login', to: PATHS.login };
