/**
 * The call table without any zod: paths, access, encodings and file fields. The browser's first
 * page imports only this (and permissions.ts), so the schemas load with the pages that need them.
 */
import { LISTING_MAX_PHOTOS } from './classifieds-constants.ts';
import { CAR_MAX_PHOTOS } from './garage-constants.ts';
import { GPX_MAX_BYTES } from './route-constants.ts';
import type { Permission } from './permissions.ts';

/**
 * Who may make a call: anyone, any logged-in member (`loggedIn`), or a member holding a
 * permission (note the permission `member` means "add/edit/delete members").
 */
export type Access = 'public' | 'loggedIn' | Permission;

/** How the legacy client encodes the payload. The server accepts all three regardless. */
export type Encoding = 'json' | 'form' | 'multipart';

/** What an uploaded file must be; checked by content on the server. */
/** `gpx`: an XML file (GPX from a mapping app); its contents are checked by the call. */
export type FileKind = 'jpeg' | 'image' | 'image-or-pdf' | 'gpx';

/** `maxBytes`: a smaller limit than MAX_UPLOAD_BYTES for this field. */
export type FileField = { kind: FileKind; maxCount: number; maxBytes?: number };

/** The largest file any call takes, in bytes; the server refuses a larger one (413) and the browser checks it first. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export type Policy = {
  access: Access;
  encoding: Encoding;
  files?: Record<string, FileField>;
  /** A public read whose answer still depends on who asks (members see more): cached per viewer. */
  answersPerViewer?: true;
};

const jpeg = (maxCount = 1): FileField => ({ kind: 'jpeg', maxCount });

/** Every call's policy, keyed by legacy name. The schemas come from the area files. */
export const CALLS = {
  'session.get': { access: 'loggedIn', encoding: 'json' },
  'session.create': { access: 'public', encoding: 'json' },
  'session.destroy': { access: 'public', encoding: 'json' },
  'user.settings.set': { access: 'loggedIn', encoding: 'json' },
  'error.report': { access: 'public', encoding: 'json' },
  'password.request': { access: 'public', encoding: 'json' },
  'password.change': { access: 'loggedIn', encoding: 'json' },
  'password.reset': { access: 'public', encoding: 'json' },
  'token.get': { access: 'loggedIn', encoding: 'json' },
  'token.save': { access: 'loggedIn', encoding: 'json' },

  'presidents.get': { access: 'public', encoding: 'json' },
  'president.save': { access: 'history', encoding: 'form' },
  'shaftAwardWinners.get': { access: 'public', encoding: 'json' },
  'shaftAwardWinner.set': { access: 'history', encoding: 'multipart', files: { f: jpeg() } },
  'startupParties.get': { access: 'public', encoding: 'json' },
  'startupParty.set': { access: 'history', encoding: 'form' },
  'boardMembers.get': { access: 'public', encoding: 'json' },
  'boardMembers.save': { access: 'history', encoding: 'multipart', files: { f: { kind: 'image', maxCount: 1 } } },
  'idea.get': { access: 'public', encoding: 'json' },
  'idea.set': { access: 'history', encoding: 'json' },

  'newsletters.get': { access: 'public', encoding: 'json' },
  'newsletter.set': {
    access: 'history',
    encoding: 'multipart',
    files: { f: { kind: 'image-or-pdf', maxCount: 1 } },
  },
  /** Not in the spec's table: a member's short-lived link to one newsletter file (INTERFACE.md). */
  'newsletter.link': { access: 'loggedIn', encoding: 'json' },

  'events.get': { access: 'loggedIn', encoding: 'json' },
  /** Not in the spec's table: one question each for the event page, the calendar and /new-events. */
  'event.get': { access: 'loggedIn', encoding: 'json' },
  'events.month': { access: 'loggedIn', encoding: 'json' },
  'events.upcoming': { access: 'loggedIn', encoding: 'json' },
  'events.past': { access: 'loggedIn', encoding: 'json' },
  'event.save': { access: 'event', encoding: 'multipart', files: { f: jpeg() } },
  /** Not in the spec's table: whom an event's "now" reminder reached, for the editor after a save. */
  'event.nowReminder': { access: 'event', encoding: 'json' },
  /** Not in the spec's table: what a series change would remove, for the editor's confirmation. */
  'event.seriesPreview': { access: 'event', encoding: 'json' },
  'event.delete': { access: 'event', encoding: 'json' },
  'attendance.set': { access: 'loggedIn', encoding: 'json' },
  /** Not in the spec's table: tours and meets (sign-up with guests, cars and choices; settings; roster; check-in). */
  'signup.set': { access: 'loggedIn', encoding: 'json' },
  'signup.settings': { access: 'event', encoding: 'json' },
  'event.roster': { access: 'event', encoding: 'json' },
  'checkin.set': { access: 'event', encoding: 'json' },
  'attended.mine': { access: 'loggedIn', encoding: 'json' },
  'attended.members': { access: 'admin', encoding: 'json' },

  'blog.get': { access: 'public', encoding: 'json' },
  /** Not in the spec's table: a page of posts (/blog, the home page's photo) and one post. */
  'blog.page': { access: 'public', encoding: 'json' },
  'blog.post': { access: 'public', encoding: 'json' },
  'blog.save': { access: 'blog', encoding: 'multipart', files: { f: jpeg(30) } },
  'blog.delete': { access: 'blog', encoding: 'json' },

  'links.get': { access: 'public', encoding: 'json' },

  'members.get': { access: 'loggedIn', encoding: 'json' },
  /** Not in the spec's table: a page of the directory (the member list), and the admin's e-mail list. */
  'members.page': { access: 'loggedIn', encoding: 'json' },
  'members.emails': { access: 'admin', encoding: 'json' },
  'member.save': { access: 'member', encoding: 'multipart', files: { f: jpeg() } },
  'member.delete': { access: 'member', encoding: 'json' },

  'forum.get': { access: 'loggedIn', encoding: 'json' },
  /** Not in the spec's table: the forum page's thread list and one thread. */
  'forum.thread': { access: 'loggedIn', encoding: 'json' },
  'forum.page': { access: 'loggedIn', encoding: 'json' },
  'forum.createThread': { access: 'forum', encoding: 'multipart', files: { f: jpeg(10) } },
  'forum.createPost': { access: 'forum', encoding: 'json' },
  'forum.update': { access: 'moderator', encoding: 'json' },

  'contact.submit': { access: 'public', encoding: 'json' },

  // Beyond the spec's table (EXTENSION_CALLS): sign-in by e-mailed link (issue 26).
  'signIn.request': { access: 'public', encoding: 'json' },
  'signIn.check': { access: 'public', encoding: 'json' },
  'signIn.use': { access: 'public', encoding: 'json' },

  // Beyond the spec's table (EXTENSION_CALLS): a member's private calendar feed address.
  'calendarFeed.get': { access: 'loggedIn', encoding: 'json' },
  'calendarFeed.reset': { access: 'loggedIn', encoding: 'json' },
  // Beyond the spec's table (EXTENSION_CALLS): the admin's outbox view, and the one-click
  // e-mail opt-out of reminder e-mails (also POSTed by mail programs, RFC 8058, with ?t=).
  'outbox.get': { access: 'admin', encoding: 'json' },
  'outbox.retry': { access: 'admin', encoding: 'json' },
  'email.unsubscribe': { access: 'public', encoding: 'form' },
  // Beyond the spec's table (EXTENSION_CALLS): contact messages whose e-mail failed for good.
  'contact.failed': { access: 'admin', encoding: 'json' },
  'contact.resend': { access: 'admin', encoding: 'json' },
  // Beyond the spec's table (EXTENSION_CALLS): where and when the club meets, set by the admin.
  'meeting.get': { access: 'public', encoding: 'json' },
  'meeting.set': { access: 'admin', encoding: 'json' },
  // Beyond the spec's table (EXTENSION_CALLS): a member's data on their request, to see or erase.
  'member.export': { access: 'admin', encoding: 'json' },
  'member.erase': { access: 'admin', encoding: 'json' },
  // Beyond the spec's table (EXTENSION_CALLS): the garage's registry of members' cars.
  'cars.list': { access: 'public', encoding: 'json', answersPerViewer: true },
  'cars.stats': { access: 'public', encoding: 'json', answersPerViewer: true },
  'car.get': { access: 'public', encoding: 'json', answersPerViewer: true },
  'cars.mine': { access: 'loggedIn', encoding: 'json' },
  'car.save': { access: 'loggedIn', encoding: 'multipart', files: { f: { kind: 'image', maxCount: CAR_MAX_PHOTOS } } },
  'car.delete': { access: 'loggedIn', encoding: 'json' },
  'bodyStyles.get': { access: 'public', encoding: 'json' },
  'bodyStyle.add': { access: 'admin', encoding: 'json' },
  'cars.export': { access: 'admin', encoding: 'json' },
  // Beyond the spec's table (EXTENSION_CALLS): the classifieds. Who may act on one listing (its
  // seller, a moderator) is checked by the service.
  'listings.list': { access: 'public', encoding: 'json', answersPerViewer: true },
  'listing.get': { access: 'public', encoding: 'json', answersPerViewer: true },
  'listings.mine': { access: 'loggedIn', encoding: 'json' },
  'listing.save': { access: 'loggedIn', encoding: 'multipart', files: { f: { kind: 'image', maxCount: LISTING_MAX_PHOTOS } } },
  'listing.sold': { access: 'loggedIn', encoding: 'json' },
  'listing.renew': { access: 'loggedIn', encoding: 'json' },
  'listing.renewByLink': { access: 'public', encoding: 'json' },
  'listing.moderate': { access: 'moderator', encoding: 'json' },
  'listing.delete': { access: 'loggedIn', encoding: 'json' },
  'listing.contact': { access: 'public', encoding: 'json' },
  // Beyond the spec's table (EXTENSION_CALLS): the site search; members see more, so per viewer.
  'site.search': { access: 'public', encoding: 'json', answersPerViewer: true },
  // Beyond the spec's table (EXTENSION_CALLS): route books and the club's library of drives.
  'routes.list': { access: 'public', encoding: 'json', answersPerViewer: true },
  'route.get': { access: 'public', encoding: 'json', answersPerViewer: true },
  'route.save': { access: 'event', encoding: 'json' },
  'route.delete': { access: 'event', encoding: 'json' },
  'route.import': { access: 'event', encoding: 'multipart', files: { f: { kind: 'gpx', maxCount: 1, maxBytes: GPX_MAX_BYTES } } },
  'route.gpx': { access: 'public', encoding: 'json', answersPerViewer: true },
  'route.pdf': { access: 'public', encoding: 'json', answersPerViewer: true },
  'route.attach': { access: 'event', encoding: 'json' },
  'event.route': { access: 'loggedIn', encoding: 'json' },
  // Beyond the spec's table (EXTENSION_CALLS): the weekly digest (issue 26): a member's setting,
  // its one-click opt-out (also POSTed by mail programs, RFC 8058, with ?t=), the "I'm coming"
  // links, and the admin's preview.
  'digest.get': { access: 'loggedIn', encoding: 'json' },
  'digest.set': { access: 'loggedIn', encoding: 'json' },
  'digest.unsubscribe': { access: 'public', encoding: 'form' },
  'rsvp.get': { access: 'public', encoding: 'json' },
  'rsvp.confirm': { access: 'public', encoding: 'json' },
  'digest.preview': { access: 'admin', encoding: 'json' },
  'digest.sendMe': { access: 'admin', encoding: 'json' },
} as const satisfies Record<string, Policy>;

export type CallName = keyof typeof CALLS;

/** Calls this site adds to the spec's table; the registry test expects exactly these beside it. */
export const EXTENSION_CALLS: readonly CallName[] = [
  'event.get',
  'event.nowReminder',
  'event.seriesPreview',
  'events.month',
  'events.upcoming',
  'events.past',
  'blog.page',
  'blog.post',
  'forum.thread',
  'forum.page',
  'calendarFeed.get',
  'calendarFeed.reset',
  'newsletter.link',
  'outbox.get',
  'outbox.retry',
  'email.unsubscribe',
  'contact.failed',
  'contact.resend',
  'member.export',
  'member.erase',
  'members.page',
  'members.emails',
  'signup.set',
  'signup.settings',
  'event.roster',
  'checkin.set',
  'attended.mine',
  'attended.members',
  'meeting.get',
  'meeting.set',
  'cars.list',
  'cars.stats',
  'car.get',
  'cars.mine',
  'car.save',
  'car.delete',
  'bodyStyles.get',
  'bodyStyle.add',
  'cars.export',
  'listings.list',
  'listing.get',
  'listings.mine',
  'listing.save',
  'listing.sold',
  'listing.renew',
  'listing.renewByLink',
  'listing.moderate',
  'listing.delete',
  'listing.contact',
  'site.search',
  'routes.list',
  'route.get',
  'route.save',
  'route.delete',
  'route.import',
  'route.gpx',
  'route.pdf',
  'route.attach',
  'event.route',
  'digest.get',
  'digest.set',
  'digest.unsubscribe',
  'rsvp.get',
  'rsvp.confirm',
  'digest.preview',
  'digest.sendMe',
  'signIn.request',
  'signIn.check',
  'signIn.use',
];

export const CALL_NAMES = Object.keys(CALLS) as CallName[];

export function callPath(name: string): string {
  return `/api/${name}.php`;
}

export function fileFieldsOf(name: CallName): Record<string, FileField> {
  const policy: Policy = CALLS[name];
  return policy.files ?? {};
}
