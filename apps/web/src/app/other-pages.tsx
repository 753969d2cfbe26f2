import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PATHS } from '../lib/paths.ts';
import { lazyPage, type PageRoute } from './lazy-page.ts';

/**
 * Every page but the home page: the route table, loaded as a chunk of its own rather than with the
 * entry. The prerendered `/` hydrates without it (it loads when the browser is idle, main.tsx);
 * every other address has it preloaded by index.html (vite.config.ts), so it costs no round trip.
 */
const pageRoutes: PageRoute[] = [
  { path: PATHS.login, lazy: lazyPage(() => import('../pages/login-page.tsx'), (m) => m.LoginPage) },
  { path: PATHS.account, lazy: lazyPage(() => import('../pages/account-page.tsx'), (m) => m.AccountPage) },
  { path: PATHS.reset, lazy: lazyPage(() => import('../pages/reset-password-page.tsx'), (m) => m.ResetPasswordPage) },
  { path: PATHS.signIn, lazy: lazyPage(() => import('../pages/sign-in-page.tsx'), (m) => m.SignInPage) },
  {
    path: PATHS.notificationsOff,
    lazy: lazyPage(() => import('../pages/notifications-off-page.tsx'), (m) => m.NotificationsOffPage),
  },
  { path: PATHS.digestOff, lazy: lazyPage(() => import('../pages/digest-off-page.tsx'), (m) => m.DigestOffPage) },
  { path: PATHS.rsvp, lazy: lazyPage(() => import('../pages/rsvp-page.tsx'), (m) => m.RsvpPage) },
  { path: PATHS.digestPreview, lazy: lazyPage(() => import('../pages/digest-preview-page.tsx'), (m) => m.DigestPreviewPage) },
  { path: PATHS.history, lazy: lazyPage(() => import('../pages/history-page.tsx'), (m) => m.HistoryPage) },
  { path: PATHS.founders, lazy: lazyPage(() => import('../pages/founders-page.tsx'), (m) => m.FoundersPage) },
  { path: PATHS.presidents, lazy: lazyPage(() => import('../pages/presidents-page.tsx'), (m) => m.PresidentsPage) },
  { path: PATHS.shaftAward, lazy: lazyPage(() => import('../pages/shaft-award-page.tsx'), (m) => m.ShaftAwardPage) },
  {
    path: PATHS.startUpParties,
    lazy: lazyPage(() => import('../pages/start-up-parties-page.tsx'), (m) => m.StartUpPartiesPage),
  },
  {
    path: PATHS.boardMembers,
    lazy: lazyPage(() => import('../pages/board-members-page.tsx'), (m) => m.BoardMembersPage),
  },
  { path: PATHS.meetings, lazy: lazyPage(() => import('../pages/meetings-page.tsx'), (m) => m.MeetingsPage) },
  {
    path: PATHS.clubDocuments,
    lazy: lazyPage(() => import('../pages/club-documents-page.tsx'), (m) => m.ClubDocumentsPage),
  },
  { path: PATHS.membership, lazy: lazyPage(() => import('../pages/membership-page.tsx'), (m) => m.MembershipPage) },
  { path: PATHS.events, lazy: lazyPage(() => import('../pages/events-page.tsx'), (m) => m.EventsPage) },
  { path: PATHS.event, lazy: lazyPage(() => import('../pages/event-page.tsx'), (m) => m.EventPage) },
  { path: PATHS.eventRoster, lazy: lazyPage(() => import('../pages/event-roster-page.tsx'), (m) => m.EventRosterPage) },
  { path: PATHS.editEvent, lazy: lazyPage(() => import('../pages/edit-event-page.tsx'), (m) => m.EditEventPage) },
  { path: PATHS.eventList, lazy: lazyPage(() => import('../pages/event-list-page.tsx'), (m) => m.EventListPage) },
  { path: PATHS.tech, lazy: lazyPage(() => import('../pages/tech-page.tsx'), (m) => m.TechPage) },
  { path: PATHS.valleyNews, lazy: lazyPage(() => import('../pages/valley-news-page.tsx'), (m) => m.ValleyNewsPage) },
  { path: PATHS.blog, lazy: lazyPage(() => import('../pages/blog-page.tsx'), (m) => m.BlogPage) },
  { path: PATHS.editBlog, lazy: lazyPage(() => import('../pages/edit-blog-page.tsx'), (m) => m.EditBlogPage) },
  { path: PATHS.contact, lazy: lazyPage(() => import('../pages/contact-page.tsx'), (m) => m.ContactPage) },
  { path: PATHS.memberList, lazy: lazyPage(() => import('../pages/member-list-page.tsx'), (m) => m.MemberListPage) },
  { path: PATHS.links, lazy: lazyPage(() => import('../pages/links-page.tsx'), (m) => m.LinksPage) },
  // The Links page keeps its legacy address; /links is what people type, so it leads there.
  { path: '/links', redirectTo: PATHS.links },
  { path: PATHS.newsletter, lazy: lazyPage(() => import('../pages/newsletter-page.tsx'), (m) => m.NewsletterPage) },
  { path: PATHS.search, lazy: lazyPage(() => import('../pages/search-page.tsx'), (m) => m.SearchPage) },
  { path: PATHS.classifieds, lazy: lazyPage(() => import('../pages/classifieds-page.tsx'), (m) => m.ClassifiedsPage) },
  { path: PATHS.listingRenew, lazy: lazyPage(() => import('../pages/listing-renew-page.tsx'), (m) => m.ListingRenewPage) },
  { path: PATHS.listing, lazy: lazyPage(() => import('../pages/listing-page.tsx'), (m) => m.ListingPage) },
  { path: PATHS.forum, lazy: lazyPage(() => import('../pages/forum-page.tsx'), (m) => m.ForumPage) },
  { path: PATHS.registry, lazy: lazyPage(() => import('../pages/registry-page.tsx'), (m) => m.RegistryPage) },
  { path: PATHS.car, lazy: lazyPage(() => import('../pages/car-page.tsx'), (m) => m.CarPage) },
  { path: PATHS.routes, lazy: lazyPage(() => import('../pages/routes-page.tsx'), (m) => m.RoutesPage) },
  { path: PATHS.route, lazy: lazyPage(() => import('../pages/route-page.tsx'), (m) => m.RoutePage) },
  { path: PATHS.editRoute, lazy: lazyPage(() => import('../pages/edit-route-page.tsx'), (m) => m.EditRoutePage) },
  { path: PATHS.routeBook, lazy: lazyPage(() => import('../pages/route-book-page.tsx'), (m) => m.RouteBookPage) },
  {
    path: PATHS.accessibility,
    lazy: lazyPage(() => import('../pages/accessibility-page.tsx'), (m) => m.AccessibilityPage, { queries: false }),
  },
  { path: PATHS.notFound, lazy: lazyPage(() => import('../pages/not-found-page.tsx'), (m) => m.NotFoundPage) },
];


const routes: RouteObject[] = pageRoutes.map((route) =>
  'redirectTo' in route ? { path: route.path, element: <Navigate to={route.redirectTo} replace /> } : { path: route.path, element: <route.lazy /> },
);

/** The pages under the layout's `*` route (app/router.tsx). */
export function OtherPages() {
  return useRoutes(routes);
}
