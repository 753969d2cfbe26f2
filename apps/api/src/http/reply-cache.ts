import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { CallName, SessionUser } from '@club/contracts';
import type { Request, Response } from 'express';
import { changeStampOf } from '../db/change-stamp.ts';
import type { Db } from '../db/client.ts';
import { compressPieces, JsonStream, type Compressed } from './json-stream.ts';
import { sendStoredGzip } from './send-stored.ts';

/**
 * How a read opts into the reply cache (the fourth argument of `mountCall`):
 *
 * - `'shared'`: the answer is the same for every caller allowed to make the call. It is
 *   serialized and gzip-compressed once and sent to all of them.
 * - `'member'`: the answer depends on who asks (`isMine`, `myAttendanceIndex`, ...): kept per
 *   member (and once for visitors). Prefer splitting such a call so its large part is shared.
 * - `{ viewer }`: the answer depends only on what kind of caller asks (a visitor or a member, an
 *   editor or not): kept once per kind, named by `viewer(user)`, and shared by all its callers.
 *   `inputOf`, when given, keeps of the input only what the answer depends on for that caller
 *   (a field a visitor's answer ignores), so varying it cannot fill the cache.
 *
 * The access rule and the input check always run first, and the key is the validated input
 * without `g`, so a cached answer never skips a permission check. The answer must depend only on
 * the database, the input (and the member, for `'member'`), never on the clock, unless the
 * handler says when the clock changes it (`cacheUntil` in the call's context: a listing that
 * ends at a moment); the answer is then dropped at that moment.
 *
 * Invalidation needs no list of writes: any change to the database drops every cached answer.
 * SQLite counts them: `total_changes()` for this process's connection (calls, jobs, services)
 * and `PRAGMA data_version` for other processes (the CLI). Reads never write (a session's expiry
 * slides at most once a day), so at the club's write rate the answers stay cached between edits.
 */
export type CacheScope =
  | 'shared'
  | 'member'
  | { viewer: (user: SessionUser | undefined) => string; inputOf?: (input: Record<string, unknown>, user: SessionUser | undefined) => Record<string, unknown> };

/**
 * A serialized answer, kept gzip-compressed only: browsers accept gzip, and a client that does
 * not gets it inflated as it is sent. The legacy full lists are 3-23 MB of JSON and 0.4-2.4 MB
 * compressed; keeping the JSON beside the gzip held ten times the memory for the rare client
 * that asks without gzip.
 */
export class CachedReply implements Compressed {
  readonly etag: string;
  readonly gzip: Buffer;
  /** The size of the JSON, for the Content-Length of a plain answer. */
  readonly jsonBytes: number;

  /** `expires`: the moment (ms) the answer stops being right by the clock alone (see `CallContext.cacheUntil`). */
  constructor(
    { gzip, etag, jsonBytes }: Compressed,
    readonly expires = Number.POSITIVE_INFINITY,
  ) {
    this.etag = etag;
    this.gzip = gzip;
    this.jsonBytes = jsonBytes;
  }

  get bytes(): number {
    return this.gzip.length;
  }
}

/** Serializes and compresses a call's answer: a `JsonStream` piece by piece, anything else whole. */
export function serializeReply(reply: unknown, expires = Number.POSITIVE_INFINITY): CachedReply {
  if (reply instanceof CachedReply) return new CachedReply(reply, expires);
  if (reply instanceof JsonStream) return new CachedReply(compressPieces(reply.pieces()), expires);
  const json = Buffer.from(JSON.stringify(reply));
  return new CachedReply({ gzip: gzipSync(json), etag: `"${createHash('sha1').update(json).digest('base64url')}"`, jsonBytes: json.length }, expires);
}

/** The whole cache stays under this many compressed bytes; the least recently used answers go first. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export class ReplyCache {
  private readonly entries = new Map<string, CachedReply>();
  /** Answers being computed, by database state and key: who asks meanwhile waits for the same one. */
  private readonly building = new Map<string, Promise<CachedReply>>();
  private readonly scopes = new Map<CallName, CacheScope>();
  private readonly changes: () => string;
  private stamp: string;
  private size = 0;

  constructor(
    db: Db,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {
    this.changes = changeStampOf(db);
    this.stamp = this.changes();
  }

  register(name: CallName, scope: CacheScope): void {
    this.scopes.set(name, scope);
  }

  /** The key of this read for this caller, or undefined when the call is not cached. */
  keyOf(name: CallName, input: object, user: SessionUser | undefined): string | undefined {
    const scope = this.scopes.get(name);
    if (!scope) return undefined;
    const { g: _token, ...rest } = input as Record<string, unknown>;
    const who = scope === 'shared' ? '*' : scope === 'member' ? `${user?.id ?? 0}` : `~${scope.viewer(user)}`;
    const kept = typeof scope === 'object' && scope.inputOf ? scope.inputOf(rest, user) : rest;
    return `${name}|${who}|${JSON.stringify(kept)}`;
  }

  /** Drops everything if the database changed; returns the state an answer is computed from. */
  begin(): string {
    const stamp = this.changes();
    if (stamp !== this.stamp) {
      this.stamp = stamp;
      this.entries.clear();
      this.size = 0;
    }
    return stamp;
  }

  get(key: string): CachedReply | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expires <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    if (hit) {
      // Most recently used last, so eviction drops the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * Computes the answer of `key` once however many requests ask for it while it is being computed
   * (fifty members asking for a legacy full list at once build it once), and keeps it. `compute`
   * gives the answer and, once it is done, the moment it expires.
   */
  build(key: string, stamp: string, compute: () => Promise<{ reply: unknown; expires: () => number }>): Promise<CachedReply> {
    const flight = `${stamp}|${key}`;
    const running = this.building.get(flight);
    if (running) return running;
    const built = (async () => {
      try {
        const { reply, expires } = await compute();
        return this.store(key, stamp, reply, expires());
      } finally {
        this.building.delete(flight);
      }
    })();
    // Set before `built` can settle: its `finally` runs after an await at the earliest.
    this.building.set(flight, built);
    return built;
  }

  /** Serializes an answer; keeps it (until `expires`, ms) unless the database changed while it was computed. */
  store(key: string, stamp: string, reply: unknown, expires = Number.POSITIVE_INFINITY): CachedReply {
    const cached = serializeReply(reply, expires);
    if (this.begin() !== stamp) return cached;
    this.remove(key);
    this.entries.set(key, cached);
    this.size += cached.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.size <= this.maxBytes || oldest === key) break;
      this.remove(oldest);
    }
    return cached;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.bytes;
  }
}

const caches = new WeakMap<object, ReplyCache>();

/** The reply cache of one API router (one per app). */
export function replyCacheOf(owner: object, db: Db): ReplyCache {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new ReplyCache(db);
    caches.set(owner, cache);
  }
  return cache;
}

/**
 * Sends a call's answer. A cached one goes out as its stored bytes with its ETag, or as 304
 * when the client has it (`sendStoredGzip`).
 */
export function sendReply(req: Request, res: Response, reply: unknown): void {
  if (reply instanceof CachedReply) sendStoredGzip(req, res, reply, reply.jsonBytes, 'application/json; charset=utf-8');
  else res.json(reply);
}
