import { PATHS } from '../lib/paths.ts';

/**
 * The site search finds the written pages (their words are here, in the web app) by the text
 * they render: apps/api/src/features/search/site-pages.json holds each page's heading and text,
 * cut from the same render a visitor gets (src/prerender.tsx, `renderWrittenPages`) by the
 * build's scripts/site-pages.mjs, which writes the file the API indexes.
 */
export const WRITTEN_PAGES = [PATHS.history, PATHS.founders, PATHS.tech, PATHS.clubDocuments, PATHS.membership];

export type PageText = { path: string; title: string; text: string };

const ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&nbsp;': ' ' };
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#x27|nbsp);/g, (escape) => ESCAPES[escape] ?? escape)
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;!?)])/g, '$1')
    .trim();

/** The page as a visitor gets it: its h1, and the words of its article without side boxes (the latest newsletter's cover). */
export function pageTextOf(path: string, markup: string): PageText {
  const article = /<article class="page[^"]*">([\s\S]*)<\/article>/.exec(markup)?.[1];
  if (article === undefined) throw new Error(`${path} rendered no page article.`);
  const title = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(article)?.[1] ?? '');
  const body = article
    .replace(/<header class="page__header">[\s\S]*?<\/header>/, (header) => header.replace(/<h1[^>]*>[\s\S]*?<\/h1>/, ''))
    .replace(/<aside[\s\S]*?<\/aside>/g, '')
    // Decoration hidden from screen readers (a founder's initials, a "PDF" badge) is no text either.
    .replace(/<(span)[^>]*aria-hidden="true"[^>]*>[^<]*<\/\1>/g, '');
  const page = { path, title, text: textOf(body) };
  if (page.title === '') throw new Error(`${path} rendered no heading.`);
  if (page.text.length <= 200) throw new Error(`${path} rendered ${page.text.length} characters of text, too few to be the page.`);
  return page;
}
