/**
 * What `pnpm bench` and `pnpm bench:load` ask the server: the web app's reads (calls and the
 * calendar files) as targets with their bodies for one generated database, and the requests and
 * autocannon runs made with them.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { registry, type CallName } from '@club/contracts';
import { webDoors, webReads } from '../src/bench/web-reads.ts';
import type { GeneratedData } from '../src/bench/generate.ts';

export type Target = {
  label: string;
  call?: CallName;
  method: 'GET' | 'POST';
  path: string;
  /** The request body as sent, and its type ('' for a GET). */
  payload: string;
  contentType: string;
  /** Anyone may ask it (the largest public answer is what the anonymous loop asks for). */
  isPublic: boolean;
  /** The body without the session, for an anonymous client. */
  anonymousPayload: string;
  goal?: number;
  /** A legacy full list (several MB at ten times the data), measured after the web app's reads. */
  isLegacy?: boolean;
  /** Why the read may grow with the data: its client shows all it holds (`WebDoor.showsAll`). */
  showsAll?: string;
};

const json = (body: Record<string, unknown>) => JSON.stringify(body);

/** The bare route (same server and middleware, answers `{"ok":true}`), then every read the web app makes. */
export function targets(data: Pick<GeneratedData, 'tokens'>, now = new Date()): { bare: Target; reads: Target[] } {
  const calls: Target[] = webReads(data.tokens, now).map((read) => {
    const body = read.isAdmin ? { ...read.body, g: data.tokens.admin } : read.body;
    const { g: _session, ...anonymous } = body;
    return {
      label: read.label,
      call: read.name,
      method: 'POST',
      path: registry[read.name].path,
      payload: json(body),
      contentType: 'application/json',
      isPublic: registry[read.name].access === 'public',
      anonymousPayload: json(anonymous),
      goal: read.goal,
      isLegacy: !read.isBudgeted,
    };
  });
  const doors: Target[] = webDoors(data.tokens).map((door) => {
    const form = new URLSearchParams(door.form ?? {}).toString();
    return {
      label: door.label,
      method: door.method,
      path: door.path,
      payload: door.method === 'GET' ? '' : form,
      contentType: door.method === 'GET' ? '' : 'application/x-www-form-urlencoded',
      isPublic: door.isPublic,
      anonymousPayload: '',
      goal: door.goal,
      showsAll: door.showsAll,
    };
  });
  const bare: Target = {
    label: 'bare route (POST /bench/bare)',
    method: 'POST',
    path: '/bench/bare',
    payload: json({ g: data.tokens.member }),
    contentType: 'application/json',
    isPublic: false,
    anonymousPayload: '{}',
  };
  const reads = [...calls, ...doors];
  // The legacy full lists last, so the peak memory of the web app's own reads is read before them.
  return { bare, reads: [...reads.filter((read) => !read.isLegacy), ...reads.filter((read) => read.isLegacy)] };
}

const headersOf = (target: Target, encoding: string): Record<string, string> => ({
  ...(target.contentType ? { 'content-type': target.contentType } : {}),
  'accept-encoding': encoding,
});

/** One request: its status, body size (as sent for `encoding`), time and body. */
export function probe(
  base: string,
  target: Target,
  encoding: string,
  { isAnonymous = false } = {},
): Promise<{ status: number; bytes: number; millis: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const payload = isAnonymous ? target.anonymousPayload : target.payload;
    const started = performance.now();
    const req = http.request(
      `${base}${target.path}`,
      {
        method: target.method,
        headers: { ...headersOf(target, encoding), ...(target.method === 'GET' ? {} : { 'content-length': String(Buffer.byteLength(payload)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, bytes: body.length, millis: performance.now() - started, body });
        });
      },
    );
    req.on('error', reject);
    req.end(target.method === 'GET' ? undefined : payload);
  });
}

export type LoadOptions = { connections: number; seconds?: number; amount?: number; isAnonymous?: boolean; workers?: number; timeoutSeconds?: number };

/** autocannon against one target, with what a browser sends (the server must answer gzip, never brotli). */
export function load(
  base: string,
  target: Target,
  { connections, seconds, amount, isAnonymous = false, workers, timeoutSeconds }: LoadOptions,
): Promise<autocannon.Result> {
  const payload = isAnonymous ? target.anonymousPayload : target.payload;
  // autocannon answers a thenable (an event emitter with `then`): made a real promise here.
  return Promise.resolve(
    autocannon({
      url: `${base}${target.path}`,
      method: target.method,
      headers: headersOf(target, 'gzip, deflate, br'),
      ...(target.method === 'GET' ? {} : { body: payload }),
      connections,
      ...(amount === undefined ? { duration: seconds ?? 3 } : { amount }),
      ...(workers ? { workers } : {}),
      ...(timeoutSeconds ? { timeout: timeoutSeconds } : {}),
    }),
  );
}

/** A few requests at low concurrency first, so the measured run finds the answer warm. */
export const warm = (base: string, target: Target) => load(base, target, { connections: 4, amount: 20 });
