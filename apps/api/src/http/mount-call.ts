import { gunzipSync } from 'node:zlib';
import { CALL_NAMES, CALLS, callPath, hasPermission } from '@club/contracts/plain';
import type { CallInput, CallName, CallResponse, registry, SessionUser } from '@club/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { ZodObject } from 'zod';
import type { Db } from '../db/client.ts';
import { ApiError, badRequest, forbidden, notLoggedIn, tooLarge } from '../errors.ts';
import { callContract } from './call-contracts.ts';
import { JsonStream } from './json-stream.ts';
import { CachedReply, replyCacheOf, sendReply, serializeReply, type CacheScope } from './reply-cache.ts';
import { resolveSession, tokenOf } from './session.ts';
import { checkFileKinds, groupUploads, multipartParser, uploadedFiles, type UploadedFile } from './uploads.ts';

type Registry = typeof registry;

/** Calls guarded by a login get a user for sure; public calls get one only if `g` is valid. */
type UserFor<N extends CallName> = Registry[N]['access'] extends 'public' ? SessionUser | undefined : SessionUser;

type CallContext<N extends CallName> = {
  user: UserFor<N>;
  /** The hashed token of the caller's session, when there is one. */
  sessionTokenHash: string | undefined;
  files: Record<string, UploadedFile[]>;
  ip: string;
  userAgent: string;
  log: Logger;
  /**
   * For a cached read whose answer also changes with the clock: the moment (ms since the epoch)
   * it stops being right; the reply cache keeps it until then at most (the earliest moment given wins).
   */
  cacheUntil: (moment: number) => void;
};

/** A handler answers the reply, or, for a list too large to build whole, a `JsonStream` of it (http/json-stream.ts). */
export type CallHandler<N extends CallName> = (
  input: CallInput<N>,
  context: CallContext<N>,
) => CallResponse<N> | JsonStream<CallResponse<N>> | Promise<CallResponse<N>>;

type MountOptions = {
  cache?: CacheScope;
  /**
   * Fields a caller may put in the query string when the body lacks them: a mail program's
   * one-click unsubscribe (RFC 8058) posts to the link's URL with a body of its own choosing.
   */
  fromQuery?: readonly string[];
};

/** A call's two ways in: POST (JSON, form or multipart) and GET (for a call that takes nothing). */
type CallRoute = { post: RequestHandler; get: RequestHandler };

/** What a call is found by: its path without case or a trailing slash, as Express's routes matched it. */
const callKeyOf = (path: string) => path.toLowerCase().replace(/\/$/, '');

export type ApiRouter = {
  routes: Router;
  /** Every call by its `callKeyOf` path (see `createApiRouter`). */
  calls: Map<string, CallRoute>;
  db: Db;
  checkReplies: boolean;
  tempDir: string;
  mounted: Set<CallName>;
  /** Client addresses with a multipart body whose files wait on disk for its `g`. */
  waitingUploads: Set<string>;
  /** The reads a page may arrive with, as the page's viewer makes them (see `readForPage`). */
  pageReads: Map<PageRead, (req: Request, body: Record<string, unknown>, token: string | undefined) => Promise<unknown>>;
};

/**
 * The only calls the server makes itself, for a page it sends with their answers
 * (http/first-answers.ts) or whose record it checks is there (http/missing-records.ts): reads,
 * none with files. Nothing else can be run outside a request.
 */
const PAGE_READS = [
  'session.get',
  'blog.page',
  'cars.stats',
  'bodyStyles.get',
  'cars.list',
  'listings.list',
  'site.search',
  'event.get',
  'event.route',
  'events.upcoming',
  'events.past',
  'blog.post',
  'car.get',
  'listing.get',
  'route.get',
  'event.roster',
  'forum.thread',
  'newsletter.link',
] as const satisfies readonly CallName[];
export type PageRead = (typeof PAGE_READS)[number];
const isPageRead = (name: CallName): name is PageRead => (PAGE_READS as readonly CallName[]).includes(name);

/** `tempDir` holds uploads while their request runs. */
export function createApiRouter(db: Db, { checkReplies, tempDir }: { checkReplies: boolean; tempDir: string }): ApiRouter {
  const calls = new Map<string, CallRoute>();
  const routes = express.Router();
  // Every call through one lookup by its path. Mounted as Express routes, the calls were about
  // 200 path patterns, compiled at every start (8 ms of it) and tried in turn on every request.
  routes.use((req, res, next) => {
    const call = calls.get(callKeyOf(req.path));
    if (call === undefined) return next();
    if (req.method === 'POST') return call.post(req, res, next);
    if (req.method === 'GET' || req.method === 'HEAD') return call.get(req, res, next);
    next();
  });
  return { routes, calls, db, checkReplies, tempDir, mounted: new Set(), waitingUploads: new Set(), pageReads: new Map() };
}

/**
 * A page read's answer as JSON text, as the page's viewer would get it: the call runs as over
 * HTTP (session, access rule, input check, handler, reply cache and its stored bytes) with
 * `token` as its `g` (none: a visitor's). For the pages the server sends with their first
 * answers (http/first-answers.ts); `req` is the page's request. Throws as the call would (401,
 * 403, 404).
 */
export async function readForPage(api: ApiRouter, req: Request, name: PageRead, body: Record<string, unknown>, token?: string): Promise<string> {
  const read = api.pageReads.get(name);
  if (!read) throw new Error(`${name} is not mounted.`);
  const reply = await read(req, normalizeBody(body), token);
  if (reply instanceof CachedReply) return gunzipSync(reply.gzip).toString('utf8');
  return JSON.stringify(reply);
}

/** Keys that could reach an object's prototype; no contract uses them. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Form and multipart arrays arrive as `p[]`; the contracts name them `p`. The copy has no
 * prototype and drops prototype keys, so `{"__proto__": {...}}` cannot smuggle in fields.
 */
function normalizeBody(body: unknown): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return out;
  for (const [key, value] of Object.entries(body)) {
    const name = key.replace(/\[\]$/, '');
    if (!UNSAFE_KEYS.has(name)) out[name] = value;
  }
  return out;
}

/**
 * The only way to add a call: parses JSON, form or multipart alike, resolves `g`, enforces the
 * registry's access rule, validates with the contract, runs the handler and sends its reply.
 */
export function mountCall<N extends CallName>(api: ApiRouter, name: N, handler: NoInfer<CallHandler<N>>, options: MountOptions = {}): void {
  if (api.mounted.has(name)) throw new Error(`${name} is mounted twice.`);
  api.mounted.add(name);
  // Who may call it, how and with which files; its schemas come with the first call (call-contracts.ts).
  const call = CALLS[name];
  // Opt-in reply cache for reads (http/reply-cache.ts).
  const cache = replyCacheOf(api, api.db);
  if (options.cache) cache.register(name, options.cache);
  const fileFields: Record<string, { maxCount: number }> = 'files' in call ? call.files : {};
  /** Resolves `g` and enforces the registry's access rule; throws 401 or 403. */
  const authorize = (body: Record<string, unknown>) => {
    const session = resolveSession(api.db, tokenOf(body));
    if (call.access !== 'public') {
      if (!session) {
        throw notLoggedIn(tokenOf(body) ? 'Your session has ended. Please log in again.' : 'Please log in to continue.');
      }
      if (call.access !== 'loggedIn' && !hasPermission(session.user.permissions, call.access)) throw forbidden();
    }
    return session;
  };
  const multipart = multipartParser({
    fileFields,
    tempDir: api.tempDir,
    waiting: api.waitingUploads,
    checkAccess: (fields) => {
      const body = normalizeBody(fields);
      // Legacy clients may send `g` after the files; until it comes the caller is not known.
      if (call.access !== 'public' && tokenOf(body) === undefined) return 'unknown';
      authorize(body);
      return 'allowed';
    },
  });

  const run = async (req: Request, source: unknown) => {
    const body = normalizeBody(source);
    const session = authorize(body);
    const files = groupUploads(uploadedFiles(req));

    for (const [field, list] of Object.entries(files)) {
      const max = fileFields[field]?.maxCount ?? 0;
      if (list.length > max) throw tooLarge(`Please send at most ${max} file${max === 1 ? '' : 's'} at once.`);
    }
    if ('files' in call) checkFileKinds(files, call.files);

    const contract = await callContract(name);
    const parsed = contract.request.safeParse(body);
    if (!parsed.success) throw parsed.error;

    let expires = Number.POSITIVE_INFINITY;
    const context = {
      user: session?.user,
      sessionTokenHash: session?.tokenHash,
      files,
      ip: req.ip ?? '',
      userAgent: req.get('user-agent') ?? '',
      log: req.log,
      cacheUntil: (moment: number) => {
        expires = Math.min(expires, moment);
      },
    } as CallContext<N>;
    const cacheKey = cache.keyOf(name, parsed.data, session?.user);
    const stamp = cacheKey === undefined ? '' : cache.begin();
    const hit = cacheKey === undefined ? undefined : cache.get(cacheKey);
    if (hit) return hit;
    const answer = async (): Promise<unknown> => {
      const returned = await handler(parsed.data as CallInput<N>, context);
      // A streamed answer is compressed as it is written, and only its compressed bytes are kept.
      const reply = returned instanceof JsonStream ? serializeReply(returned) : returned;
      if (api.checkReplies) {
        const checked = contract.response.safeParse(reply instanceof CachedReply ? JSON.parse(gunzipSync(reply.gzip).toString('utf8')) : reply);
        if (!checked.success) {
          throw new Error(`Reply of ${name} does not match its contract: ${checked.error.message}`);
        }
      }
      return reply;
    };
    if (cacheKey === undefined) return answer();
    return cache.build(cacheKey, stamp, async () => ({ reply: await answer(), expires: () => expires }));
  };

  /** The parsed body (JSON, form or multipart), with the `fromQuery` fields it lacks. */
  const bodyOf = (req: Request): unknown => {
    if (!options.fromQuery) return req.body;
    const body = { ...(req.body as Record<string, unknown> | undefined) };
    for (const field of options.fromQuery) {
      const value = req.query[field];
      if (body[field] === undefined && typeof value === 'string') body[field] = value;
    }
    return body;
  };

  // The payload's own `g` is dropped: the page's viewer is the only one a page read runs as.
  if (isPageRead(name) && Object.keys(fileFields).length === 0) {
    api.pageReads.set(name, (req, body, token) => {
      const { g: _token, ...payload } = body;
      return run(req, token === undefined ? payload : { ...payload, g: token });
    });
  }

  const answer = (req: Request, res: Response, next: NextFunction, source: unknown) => {
    run(req, source)
      .then((reply) => sendReply(req, res, reply))
      .catch(next);
  };
  const takesNoPayload = async () => Object.keys(((await callContract(name)).request as ZodObject).shape).length === 0;
  api.calls.set(callKeyOf(callPath(name)), {
    post: (req, res, next) => multipart(req, res, (error?: unknown) => (error ? next(error) : answer(req, res, next, bodyOf(req)))),
    get: (req, res, next) => {
      takesNoPayload().then((takesNothing) => (takesNothing ? answer(req, res, next, {}) : next(badRequest(`Please send ${name} as a POST request.`))), next);
    },
  });
}

/**
 * Calls whose feature has not been built yet still enforce their access rule, then say plainly
 * that the feature is not available, so no call can ever skip its permission check.
 */
export function mountUnbuiltCalls(api: ApiRouter): void {
  for (const name of CALL_NAMES) {
    if (api.mounted.has(name)) continue;
    mountCall(api, name, () => {
      throw new ApiError(501, 'This part of the website is not available yet.');
    });
  }
}
