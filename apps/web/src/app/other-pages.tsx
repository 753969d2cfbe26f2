import type { ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { PATHS } from '../lib/paths.ts';
import { lazyPage, type PageRoute } from './lazy-page.ts';

/** A page of the table: its address, how its module loads, and the component it shows. */
const page = <M,>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType, options?: { queries: false }): PageRoute => ({
  path,
  lazy: lazyPage(load, pick, options),
});

const redirect = (path: string, redirectTo: string): PageRoute => ({ path, redirectTo });

/**
 * Every page but the home page, one line each: the route table, loaded as a chunk of its own
 * rather than with the entry. The prerendered `/` hydrates without it (it loads when the browser
 * is idle, main.tsx); every other address has it preloaded by index.html (vite.config.ts), so it
 * costs no round trip.
 *
 * The build reads this table too (vite-page-preloads.ts): for each address the server names the
 * page's own chunks in the HTML it sends, so the browser fetches them beside the entry. Keep one
 * `page(PATHS.x, () => import('../pages/x-page.tsx'), …)` per line; the build fails otherwise.
 */
// One page a line, as written: the build reads this table line by line (vite-page-preloads.ts).
// prettier-ignore
const OTHER_PAGES: PageRoute[] = [
  page(PATHS.login, () => import('../pages/login-page.tsx'), (m) => m.LoginPage),
  page(PATHS.account, () => import('../pages/account-page.tsx'), (m) => m.AccountPage),
  page(PATHS.reset, () => import('../pages/reset-password-page.tsx'), (m) => m.ResetPasswordPage),
  page(PATHS.signIn, () => import('../pages/sign-in-page.tsx'), (m) => m.SignInPage),
  page(PATHS.notificationsOff, () => import('../pages/notifications-off-page.tsx'), (m) => m.NotificationsOffPage),
  page(PATHS.digestOff, () => import('../pages/digest-off-page.tsx'), (m) => m.DigestOffPage),
  page(PATHS.rsvp, () => import('../pages/rsvp-page.tsx'), (m) => m.RsvpPage),
  page(PATHS.digestPreview, () => import('../pages/digest-preview-page.tsx'), (m) => m.DigestPreviewPage),
  page(PATHS.history, () => import('../pages/history-page.tsx'), (m) => m.HistoryPage),
  page(PATHS.founders, () => import('../pages/founders-page.tsx'), (m) => m.FoundersPage),
  page(PATHS.presidents, () => import('../pages/presidents-page.tsx'), (m) => m.PresidentsPage),
  page(PATHS.shaftAward, () => import('../pages/shaft-award-page.tsx'), (m) => m.ShaftAwardPage),
  page(PATHS.startUpParties, () => import('../pages/start-up-parties-page.tsx'), (m) => m.StartUpPartiesPage),
  page(PATHS.boardMembers, () => import('../pages/board-members-page.tsx'), (m) => m.BoardMembersPage),
  page(PATHS.meetings, () => import('../pages/meetings-page.tsx'), (m) => m.MeetingsPage),
  page(PATHS.clubDocuments, () => import('../pages/club-documents-page.tsx'), (m) => m.ClubDocumentsPage),
  page(PATHS.membership, () => import('../pages/membership-page.tsx'), (m) => m.MembershipPage),
  page(PATHS.events, () => import('../pages/events-page.tsx'), (m) => m.EventsPage),
  page(PATHS.event, () => import('../pages/event-page.tsx'), (m) => m.EventPage),
  page(PATHS.eventRoster, () => import('../pages/event-roster-page.tsx'), (m) => m.EventRosterPage),
  page(PATHS.editEvent, () => import('../pages/edit-event-page.tsx'), (m) => m.EditEventPage),
  page(PATHS.eventList, () => import('../pages/event-list-page.tsx'), (m) => m.EventListPage),
  page(PATHS.tech, () => import('../pages/tech-page.tsx'), (m) => m.TechPage),
  page(PATHS.valleyNews, () => import('../pages/valley-news-page.tsx'), (m) => m.ValleyNewsPage),
  page(PATHS.blog, () => import('../pages/blog-page.tsx'), (m) => m.BlogPage),
  page(PATHS.editBlog, () => import('../pages/edit-blog-page.tsx'), (m) => m.EditBlogPage),
  page(PATHS.contact, () => import('../pages/contact-page.tsx'), (m) => m.ContactPage),
  page(PATHS.memberList, () => import('../pages/member-list-page.tsx'), (m) => m.MemberListPage),
  page(PATHS.links, () => import('../pages/links-page.tsx'), (m) => m.LinksPage),
  // The Links page keeps its legacy address; /links is what people type, so it leads there.
  redirect('/links', PATHS.links),
  page(PATHS.newsletter, () => import('../pages/newsletter-page.tsx'), (m) => m.NewsletterPage),
  page(PATHS.search, () => import('../pages/search-page.tsx'), (m) => m.SearchPage),
  page(PATHS.classifieds, () => import('../pages/classifieds-page.tsx'), (m) => m.ClassifiedsPage),
  page(PATHS.listingRenew, () => import('../pages/listing-renew-page.tsx'), (m) => m.ListingRenewPage),
  page(PATHS.listing, () => import('../pages/listing-page.tsx'), (m) => m.ListingPage),
  page(PATHS.forum, () => import('../pages/forum-page.tsx'), (m) => m.ForumPage),
  page(PATHS.registry, () => import('../pages/registry-page.tsx'), (m) => m.RegistryPage),
  page(PATHS.car, () => import('../pages/car-page.tsx'), (m) => m.CarPage),
  page(PATHS.routes, () => import('../pages/routes-page.tsx'), (m) => m.RoutesPage),
  page(PATHS.route, () => import('../pages/route-page.tsx'), (m) => m.RoutePage),
  page(PATHS.editRoute, () => import('../pages/edit-route-page.tsx'), (m) => m.EditRoutePage),
  page(PATHS.routeBook, () => import('../pages/route-book-page.tsx'), (m) => m.RouteBookPage),
  page(PATHS.accessibility, () => import('../pages/accessibility-page.tsx'), (m) => m.AccessibilityPage, { queries: false }),
  page(PATHS.notFound, () => import('../pages/not-found-page.tsx'), (m) => m.NotFoundPage),
];

const routes: RouteObject[] = OTHER_PAGES.map((route) =>
  'redirectTo' in route ? { path: route.path, element: <Navigate to={route.redirectTo} replace /> } : { path: route.path, element: <route.lazy /> },
);

/** The pages under the layout's `*` route (app/router.tsx). */
export function OtherPages() {
  return useRoutes(routes);
}

/** Fetches the page of the table shown at an address (app/router.tsx's preloadPageAt). */
export async function preloadOtherPage(pathname: string): Promise<void> {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  const shown = OTHER_PAGES.find((page) => page.path === route?.path);
  if (shown && 'lazy' in shown) await shown.lazy.preload();
}
