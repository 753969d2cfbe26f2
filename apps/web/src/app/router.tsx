import type { ComponentType } from 'react';
import { createBrowserRouter, replace, type RouteObject } from 'react-router';
import { Loading } from '../components/loading.tsx';
import { PATHS } from './paths.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

/** Each page is its own chunk, fetched on first visit, so the first load stays small. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

const pageRoutes: RouteObject[] = [
  { path: PATHS.home, lazy: lazyPage(() => import('../pages/home-page.tsx'), (m) => m.HomePage) },
  { path: PATHS.login, lazy: lazyPage(() => import('../pages/login-page.tsx'), (m) => m.LoginPage) },
  { path: PATHS.account, lazy: lazyPage(() => import('../pages/account-page.tsx'), (m) => m.AccountPage) },
  { path: PATHS.reset, lazy: lazyPage(() => import('../pages/reset-password-page.tsx'), (m) => m.ResetPasswordPage) },
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
  { path: '/links', loader: () => replace(PATHS.links) },
  { path: PATHS.newsletter, lazy: lazyPage(() => import('../pages/newsletter-page.tsx'), (m) => m.NewsletterPage) },
  { path: PATHS.search, lazy: lazyPage(() => import('../pages/search-page.tsx'), (m) => m.SearchPage) },
  { path: PATHS.forum, lazy: lazyPage(() => import('../pages/forum-page.tsx'), (m) => m.ForumPage) },
  { path: PATHS.notFound, lazy: lazyPage(() => import('../pages/not-found-page.tsx'), (m) => m.NotFoundPage) },
];

function InitialLoading() {
  return <Loading />;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: InitialLoading,
    // The pathless child keeps header and footer on screen when a page fails.
    children: [{ errorElement: <RouteError />, children: pageRoutes }],
  },
]);
