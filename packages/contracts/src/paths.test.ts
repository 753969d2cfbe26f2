import { describe, expect, it } from 'vitest';
import {
  DISALLOWED_PATHS,
  PUBLIC_PAGES,
  blogPagePath,
  blogPath,
  carPath,
  editRoutePath,
  routeBookPath,
  routePath,
  editBlogPath,
  editEventPath,
  eventPath,
  forumPath,
  forumPostPath,
  newsletterPath,
  notificationsOffPath,
  resetPath,
} from './paths.ts';

describe('page addresses', () => {
  it('builds each page address from its route', () => {
    expect(resetPath('a-b_c')).toBe('/reset/a-b_c');
    expect(notificationsOffPath('tok.en')).toBe('/notifications-off/tok.en');
    expect(eventPath(7)).toBe('/event/7');
    expect(editEventPath()).toBe('/editEvent/0');
    expect(blogPath()).toBe('/blog');
    expect(blogPath(3)).toBe('/blog/3');
    expect(blogPagePath(2)).toBe('/blog?page=2');
    expect(editBlogPath(4)).toBe('/editBlog/4');
    expect(newsletterPath('May 2026.pdf')).toBe('/newsletters/May%202026.pdf');
    expect(forumPath()).toBe('/forum');
    expect(forumPostPath(5)).toBe('/forum/5');
    expect(forumPostPath(5, 9)).toBe('/forum/5#post-9');
    expect(carPath(12)).toBe('/registry/12');
    expect(routePath(3)).toBe('/routes/3');
    expect(editRoutePath()).toBe('/routes/0/edit');
    expect(editRoutePath(3)).toBe('/routes/3/edit');
    expect(routeBookPath(3)).toBe('/routes/3/book');
    expect(routeBookPath(3, 8)).toBe('/routes/3/book?event=8');
  });

  it('keeps robots.txt and the sitemap to the legacy lists', () => {
    expect(DISALLOWED_PATHS).toEqual([
      '/api/',
      '/account',
      '/reset/',
      '/events',
      '/event/',
      '/editEvent/',
      '/new-page-4',
      '/newsletters/',
      '/memberList',
      '/editBlog/',
      '/forum',
      // The classifieds' one-click renewal links (a seller's private link).
      '/classifieds/renew/',
    ]);
    expect(PUBLIC_PAGES).toEqual([
      '/',
      '/new-page-2',
      '/our-founders',
      '/new-page-3',
      '/the-shaft-award',
      '/start-up-parties-2',
      '/board-members',
      '/new-page-1',
      '/club-documents',
      '/new-page',
      '/new-events',
      '/tech-page',
      '/blog',
      '/contact',
      '/the-shaft-award-1',
      '/registry',
      '/classifieds',
      '/routes',
      '/accessibility',
    ]);
  });
});
