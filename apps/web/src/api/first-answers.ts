import { CALLS, type CallName } from '@club/contracts/plain';
import type { QueryClient } from '@tanstack/react-query';
import { getSessionToken, isPageSentForThisSession, rememberSessionUser } from '../lib/session-token.ts';
import { readReply, type CallResponse } from './client.ts';
import { callQueryKey, isViewerDependent } from './query-keys.ts';

const isCallName = (name: string): name is CallName => Object.hasOwn(CALLS, name);

function parseBody(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text ?? '');
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** One answer of a page's first reads: the call, the payload the page sends, the JSON text answered. */
export type FirstAnswer = { name: string; body: Record<string, unknown> | undefined; json: string };

/**
 * Caches each answer as a fetched answer is read (`readReply`), under its call and payload, so a
 * page finds it only when it asks for exactly that. An answer that depends on who asks is cached
 * for `viewer` (the session token the answers were read with, null for a visitor's) only when
 * `isViewers` says they were read for them; otherwise the page fetches its own. A member's
 * `session.get` answer also makes them known at once (the session provider draws them without
 * waiting for its check). The browser seeds its cache with the server's data blocks (below); the
 * server's render of the page (src/prerender.tsx) seeds its own with the same answers, so both
 * draw the same page.
 */
export function seedAnswers(client: QueryClient, answers: readonly FirstAnswer[], viewer: string | null, isViewers: boolean): void {
  for (const { name, body, json } of answers) {
    if (!isCallName(name) || body === undefined || (isViewerDependent(name) && !isViewers)) continue;
    try {
      const reply = readReply(json, 200, true);
      client.setQueryData(callQueryKey(name, body, viewer), reply);
      if (name === 'session.get' && viewer !== null) rememberSessionUser(viewer, (reply as CallResponse<'session.get'>).u);
    } catch {
      // Not an answer (cannot happen with the server's blocks): the page fetches it.
    }
  }
}

/**
 * Puts the answers a page arrived with (the server's data blocks for its first reads,
 * apps/api/src/http/first-answers.ts) in the query cache before the page first renders, so it
 * draws without a round trip. The blocks are removed once read, so they seed one cache once.
 */
export function seedFirstAnswers(client: QueryClient, root: ParentNode = document): void {
  const answers: FirstAnswer[] = [];
  for (const block of root.querySelectorAll<HTMLScriptElement>('script.first-answer[type="application/json"]')) {
    block.remove();
    answers.push({ name: block.dataset.call ?? '', body: parseBody(block.dataset.body), json: block.textContent ?? '' });
  }
  seedAnswers(client, answers, getSessionToken(), isPageSentForThisSession());
}
