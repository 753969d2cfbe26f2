/** Zod-free constants of photo posts, for the browser's pages. */

/** Posts per page on /blog (spec section 9). */
export const BLOG_PAGE_SIZE = 5;
/** At most this many photos per save; calls.ts gives blog.save the same f[] limit (jpeg(30)). */
export const BLOG_MAX_UPLOADS = 30;
