import { PATHS, type CallName } from '@club/contracts';
import type { Request } from 'express';
import { readAsVisitor, type ApiRouter } from './mount-call.ts';

/** A read a page makes as it opens, with the payload the page sends. */
export type FirstRead = { name: CallName; body: Record<string, unknown> };

const addressOf = (pattern: string) => pattern.replace(/\/:[^/]+\?$/, '');

/**
 * The reads a visitor's page makes before it can draw its content, for the public pages whose
 * first screen is their data, when the address holds nothing else (a filter, another page or a
 * post gets none and reads as before). Each payload is exactly what the page sends
 * (apps/web/src/pages; apps/web/e2e/first-answers.e2e.test.ts proves the page then makes no call
 * before it draws): a payload that differs is only a wasted answer, never a wrong one, since the
 * page looks it up by call and payload.
 */
export function firstReadsOf(pathname: string, query: URLSearchParams): FirstRead[] {
  const address = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const keys = [...query.keys()];
  if (keys.length === 0) {
    if (address === addressOf(PATHS.blog)) return [{ name: 'blog.page', body: { page: 1 } }];
    if (address === PATHS.registry) {
      return [
        { name: 'cars.stats', body: {} },
        { name: 'bodyStyles.get', body: {} },
        { name: 'cars.list', body: { page: 1 } },
      ];
    }
    if (address === PATHS.classifieds) return [{ name: 'listings.list', body: { page: 1 } }];
  }
  const words = query.get('q');
  if (address === PATHS.search && keys.length === 1 && words !== null && words.trim() !== '') return [{ name: 'site.search', body: { q: words } }];
  return [];
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * One answer as a data block: the JSON text the call answers a visitor, with every `<` written as
 * `\u003c` (the same JSON to a parser, and no `</script>` or `<!--` can end or bend the block).
 * A data block is not run, so the CSP's script-src does not apply; the page reads it with
 * JSON.parse (apps/web/src/api/first-answers.ts).
 */
export function firstAnswerBlock({ name, body }: FirstRead, json: string): string {
  return (
    `<script type="application/json" class="first-answer" data-call="${escapeAttribute(name)}" data-body="${escapeAttribute(JSON.stringify(body))}">` +
    `${json.replace(/</g, '\\u003c')}</script>`
  );
}

/** A first read and the JSON text it answered a visitor. */
export type FirstAnswer = FirstRead & { json: string };

/**
 * The answers of the page's first reads, as a visitor gets them (from the reply cache, so they
 * cost no more than the call the page would make). A read that fails is left out; the page then
 * makes it itself.
 */
export async function readFirstAnswers(api: ApiRouter, req: Request): Promise<FirstAnswer[]> {
  const reads = firstReadsOf(req.path, new URLSearchParams(req.originalUrl.split('?')[1] ?? ''));
  const answers = await Promise.all(
    reads.map(async (read) => {
      try {
        return { ...read, json: await readAsVisitor(api, req, read.name, read.body) };
      } catch (error) {
        req.log.warn({ err: error, call: read.name }, 'A first answer for the page could not be read; the page reads it itself.');
        return undefined;
      }
    }),
  );
  return answers.filter((answer) => answer !== undefined);
}

/**
 * The page with its first answers in data blocks before #root (and `markup`, the page as the
 * server rendered it from them, in #root): the page draws with no round trip for its data. The
 * server cannot know a member (the session is in the browser's storage), so the page uses an
 * answer that depends on who asks only when no one is logged in.
 */
export function withAnswerBlocks(html: string, answers: readonly FirstAnswer[], markup = ''): string {
  const blocks = answers.map((answer) => firstAnswerBlock(answer, answer.json)).join('');
  // Before #root: the boot notice's CSS hides it once #root, its previous sibling, has content.
  return html.replace('<div id="root"></div>', () => `${blocks}<div id="root">${markup}</div>`);
}
