import { CALLS, type CallName } from '@club/contracts/browser';
import type { QueryClient } from '@tanstack/react-query';
import { getSessionToken } from '../lib/session-token.ts';
import { readReply } from './client.ts';
import { callQueryKey, isViewerDependent } from './query-keys.ts';

const isCallName = (name: string | undefined): name is CallName => name !== undefined && Object.hasOwn(CALLS, name);

function parseBody(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text ?? '');
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the answers a page arrived with (the server's data blocks for a visitor's first reads,
 * apps/api/src/http/first-answers.ts) in the query cache before the page first renders, so it
 * draws without a round trip. Each is read as a fetched answer is (`readReply`) and cached under
 * its call and payload, so the page finds it only when it asks for exactly that. An answer that
 * depends on who asks is a visitor's: with a stored session it is skipped and the member's own
 * is fetched. The blocks are removed once read, so they seed one cache once.
 */
export function seedFirstAnswers(client: QueryClient, root: ParentNode = document): void {
  const isMember = getSessionToken() !== null;
  for (const block of root.querySelectorAll<HTMLScriptElement>('script.first-answer[type="application/json"]')) {
    block.remove();
    const name = block.dataset.call;
    const body = parseBody(block.dataset.body);
    if (!isCallName(name) || body === undefined || (isMember && isViewerDependent(name))) continue;
    try {
      client.setQueryData(callQueryKey(name, body, null), readReply(block.textContent ?? '', 200, true));
    } catch {
      // Not an answer (cannot happen with the server's blocks): the page fetches it.
    }
  }
}
