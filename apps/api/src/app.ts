import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setClubTimeZone } from '@club/contracts/plain';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { mountAccountCalls } from './features/account/router.ts';
import { mountBlogCalls } from './features/blog/router.ts';
import { mountEventsCalls } from './features/events/router.ts';
import { mountSignupCalls } from './features/signups/router.ts';
import { mountHistoryCalls } from './features/history/router.ts';
import { mountMeetingsCalls } from './features/meetings/router.ts';
import { mountContactCalls } from './features/contact/router.ts';
import { mountForumCalls } from './features/forum/router.ts';
import { mountClassifiedsCalls } from './features/classifieds/router.ts';
import { listPublicListingPaths } from './features/classifieds/service.ts';
import { mountGarageCalls } from './features/garage/router.ts';
import { listPublicCarPaths } from './features/garage/service.ts';
import { mountLinksCalls } from './features/links/router.ts';
import { mountMembersCalls } from './features/members/router.ts';
import { mountNewslettersCalls } from './features/newsletters/router.ts';
import { mountNotificationsCalls } from './features/notifications/router.ts';
import { mountSearchCalls } from './features/search/router.ts';
import { mountRoutesCalls } from './features/routes/router.ts';
import { listPublicRoutePaths } from './features/routes/service.ts';
import { mountDigestCalls } from './features/digest/router.ts';
import { apiNotFound, errorHandler } from './http/errors.ts';
import { proxyCheck } from './http/proxy-check.ts';
import { createApiRouter, mountUnbuiltCalls } from './http/mount-call.ts';
import { escapeHtml } from './lib/escape-html.ts';
import { mountHealth } from './http/health.ts';
import { describeMailDelivery } from './services/mail.ts';
import { isRecordMissing } from './http/missing-records.ts';
import { isPageAddress, pageShells } from './http/page-preloads.ts';
import { readFirstAnswers } from './http/first-answers.ts';
import { pageRenderer, scriptsAfterPaint } from './http/page-render.ts';
import { mountRobots } from './http/robots.ts';
import { setUploadHeaders } from './http/serve-uploads.ts';

/** Where the built SPA is: WEB_DIST, else apps/web/dist beside this package. */
function findWebDist(config: Config): string | undefined {
  if (config.webDist) {
    const configured = path.resolve(config.webDist);
    return fs.existsSync(path.join(configured, 'index.html')) ? configured : undefined;
  }
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    const candidate = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

type ShellSettings = { clubName: string; timeZone: string; pushPublicKey: string };

/**
 * A page of the built web app with the server's settings written in: CLUB_NAME wherever the
 * build's club name appears (the club-name meta, the title and, in the prerendered home.html,
 * the header, heading and footer), the time zone and the push key in their metas.
 */
function shellHtml(file: string, { clubName, timeZone, pushPublicKey }: ShellSettings): string {
  const html = fs.readFileSync(file, 'utf8');
  const builtName = /<meta name="club-name" content="([^"]*)"/.exec(html)?.[1];
  const named = builtName ? html.replaceAll(builtName, () => escapeHtml(clubName)) : html;
  return named
    .replace(/(<meta name="club-timezone" content=")[^"]*(")/, (_match, before: string, after: string) => `${before}${escapeHtml(timeZone)}${after}`)
    .replace(/(<meta name="push-public-key" content=")[^"]*(")/, (_match, before: string, after: string) => `${before}${escapeHtml(pushPublicKey)}${after}`);
}

/**
 * The web app's public pictures (apps/web/public: the logo, /images/…) keep their names across
 * releases, so they cannot be immutable: a week fresh, then a month in which a stale copy is
 * shown while the browser fetches the new one. A changed picture may show up to a week late.
 * Other public files (the service worker, the PDFs) keep the hour of `maxAge`.
 */
function cachePictures(res: ServerResponse, file: string): void {
  if (/\.(?:svg|png|jpe?g|webp|gif|ico)$/i.test(file)) res.setHeader('Cache-Control', 'public, max-age=604800, stale-while-revalidate=2592000');
}

/**
 * gzip for dynamic answers, never brotli: `compression` prefers brotli whenever the browser
 * accepts it, and streaming brotli per request costs far more CPU and memory than gzip. Only the
 * precompressed assets (served before this) go out as brotli.
 */
function gzipOnly(): RequestHandler {
  const gzip = compression();
  return (req, res, next) => {
    const accepted = req.headers['accept-encoding'];
    if (typeof accepted === 'string' && /\bbr\b/i.test(accepted)) {
      req.headers['accept-encoding'] = accepted
        .split(',')
        .filter((part) => !/^\s*br\b/i.test(part))
        .join(',');
    }
    gzip(req, res, next);
  };
}

/**
 * Where the map's tiles come from, for the CSP's img-src: the tile address's origin, a `{s}`
 * subdomain as a wildcard (`https://{s}.tile.example.org/…` → `https://*.tile.example.org`).
 */
function tileSources(tileUrl: string): string[] {
  if (!tileUrl) return [];
  const url = new URL(tileUrl.replace(/\{[a-z]\}/g, '0'));
  const host = tileUrl.split('//')[1]?.split('/')[0] ?? url.host;
  return [`${url.protocol}//${host.replace(/\{s\}/g, '*').replace(/\{[a-z]\}/g, '*')}`];
}

/** Builds the whole site: API, uploads, SPA. Never listens; server.ts and the tests do that. */
export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  // The contract checks that a local time exists in the club's zone (not skipped by a clock change).
  setClubTimeZone(config.timeZone);
  const app = express();
  app.disable('x-powered-by');
  // Only the configured proxy may say who the visitor is; anyone else could forge X-Forwarded-For.
  app.set('trust proxy', config.trustProxy.length ? config.trustProxy : false);
  app.use(proxyCheck(logger, config.trustProxy));

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Route maps load their tiles from MAP_TILE_URL's server.
          'img-src': ["'self'", 'data:', 'blob:', ...tileSources(config.mapTiles.url)],
          'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const webDist = findWebDist(config);
  if (webDist) {
    // Hashed file names: cached for a year, sent as the .br/.gz written at build time.
    // A missing hashed asset must 404, not fall back to index.html (a stale tab would break silently).
    app.use(
      '/assets',
      expressStaticGzip(path.join(webDist, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false },
      }),
    );
  }
  app.use(gzipOnly());

  // The mail state is a detail for the webmaster: a missing SMTP_URL is a setting to fix, not an unhealthy container.
  mountHealth(app, deps, () => ({ mail: describeMailDelivery(config, db) }));

  // Public cars', running public listings' and public routes' pages join the sitemap (their owners chose to show them).
  mountRobots(app, config.baseUrl, () => [...listPublicCarPaths(db), ...listPublicListingPaths(db), ...listPublicRoutePaths(deps)]);

  const api = createApiRouter(db, { checkReplies: config.checkReplies, tempDir: config.tempDir });
  mountAccountCalls(api, deps);
  mountLinksCalls(api, deps);
  mountContactCalls(api, deps);
  mountHistoryCalls(api, deps);
  mountMeetingsCalls(api, deps);
  mountMembersCalls(api, deps);
  mountBlogCalls(api, deps);
  mountEventsCalls(api, deps);
  mountSignupCalls(api, deps);
  mountNewslettersCalls(api, deps);
  mountNotificationsCalls(api, deps);
  mountDigestCalls(api, deps);
  mountForumCalls(api, deps);
  mountGarageCalls(api, deps);
  mountClassifiedsCalls(api, deps);
  mountSearchCalls(api, deps);
  mountRoutesCalls(api, deps);
  mountUnbuiltCalls(api);
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(api.routes);
  app.use('/api', apiNotFound);

  app.use('/uploads', express.static(config.uploadsDir, { index: false, maxAge: '1h', fallthrough: false, setHeaders: setUploadHeaders }));

  if (webDist) {
    const settings = { clubName: config.clubName, timeZone: config.timeZone, pushPublicKey: deps.services.push.publicKey };
    const indexHtml = shellHtml(path.join(webDist, 'index.html'), settings);
    // `/` prerendered at build time (apps/web/scripts/prerender.mjs): painted before any script runs.
    const homeFile = path.join(webDist, 'home.html');
    const homeHtml = fs.existsSync(homeFile) ? scriptsAfterPaint(shellHtml(homeFile, settings)) : indexHtml;
    app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: cachePictures }));
    // Each address's shell names its page's chunks, so they load beside the entry.
    const shellFor = pageShells(webDist, indexHtml);
    const renderPage = pageRenderer(webDist, settings);
    app.get('/{*path}', async (req, res) => {
      // A data page comes with the answers of its first reads for its viewer (http/first-answers.ts),
      // and its markup rendered from them (http/page-render.ts). A member's is theirs alone.
      const page = await readFirstAnswers(api, req, config.timeZone);
      res.setHeader('Cache-Control', page.viewer.kind === 'member' ? 'private, no-cache' : 'no-cache');
      res.setHeader('Vary', 'Cookie');
      // An address that is no page, or the page of a record that is not there: the shell still
      // draws the page's "not found", and a search engine or a link checker is told.
      if (!isPageAddress(req.path) || (await isRecordMissing(api, req, page.viewer))) res.status(404);
      // A visitor's `/` is the same for everyone: prerendered at build time. A member's is drawn for them.
      if (req.path === '/' && page.answers === undefined) res.type('html').send(homeHtml);
      else res.type('html').send(await renderPage(req, shellFor(req.path), page));
    });
  } else {
    logger.warn('The web app is not built (apps/web/dist); only the API is served. Run the build first.');
  }

  app.use(errorHandler);
  return app;
}
