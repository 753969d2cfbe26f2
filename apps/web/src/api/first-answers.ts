import { CALLS, type CallName } from '@club/contracts/browser';
import type { QueryClient } from '@tanstack/react-query';
import { getSessionToken } from '../lib/session-token.ts';
import { readReply } from './client.ts';
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
 * page finds it only when it asks for exactly that. A member skips an answer that depends on who
 * asks (it is a visitor's) and fetches their own. The browser seeds its cache with the server's
 * data blocks (below); the server's render of the page (src/prerender.tsx) seeds its own with the
 * same answers, so both draw the same page.
 */
export function seedAnswers(client: QueryClient, answers: readonly FirstAnswer[], isMember: boolean): void {
  for (const { name, body, json } of answers) {
    if (!isCallName(name) || body === undefined || (isMember && isViewerDependent(name))) continue;
    try {
      client.setQueryData(callQueryKey(name, body, null), readReply(json, 200, true));
    } catch {
      // Not an answer (cannot happen with the server's blocks): the page fetches it.
    }
  }
}

/**
 * Puts the answers a page arrived with (the server's data blocks for a visitor's first reads,
 * apps/api/src/http/first-answers.ts) in the query cache before the page first renders, so it
 * draws without a round trip. The blocks are removed once read, so they seed one cache once.
 */
export function seedFirstAnswers(client: QueryClient, root: ParentNode = document): void {
  const answers: FirstAnswer[] = [];
  for (const block of root.querySelectorAll<HTMLScriptElement>('script.first-answer[type="application/json"]')) {
    block.remove();
    answers.push({ name: block.dataset.call ?? '', body: parseBody(block.dataset.body), json: block.textContent ?? '' });
  }
  seedAnswers(client, answers, getSessionToken() !== null);
}
