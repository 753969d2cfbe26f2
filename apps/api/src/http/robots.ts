import { DISALLOWED_PATHS, PUBLIC_PAGES } from '@club/contracts/plain';
import type { Express } from 'express';

/**
 * The site's own addresses for search engines. They live with the server, not as static files
 * in the web build, because both must name the public address (BASE_URL), which only the
 * server's configuration knows.
 */

function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The public pages, then `extraPaths` (pages of records the public may see, such as public cars). */
function sitemapXml(baseUrl: string, extraPaths: readonly string[] = []): string {
  const urls = [...PUBLIC_PAGES, ...extraPaths].map((path) => `  <url><loc>${escapeXml(`${baseUrl}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function mountRobots(app: Express, baseUrl: string, listExtraPaths: () => readonly string[] = () => []): void {
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(baseUrl));
  });
  app.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapXml(baseUrl, listExtraPaths()));
  });
}
