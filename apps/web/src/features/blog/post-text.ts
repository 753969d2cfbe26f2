/** A run of a paragraph's text: plain text, a link, or a line break. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'break' };

/** http(s) links and bare www. addresses; trailing punctuation is left out of the link. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]}]$/;

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops sentence punctuation after an address; a closing bracket stays when the address opened it. */
function trimTrailing(url: string): string {
  let trimmed = url;
  while (TRAILING.test(trimmed)) {
    if (trimmed.endsWith(')') && count(trimmed, '(') >= count(trimmed, ')')) break;
    trimmed = trimmed.slice(0, -1);
  }
  return trimmed;
}

/** A line's text with its links found, never as HTML. */
export function findLinks(line: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const start = match.index;
    const url = trimTrailing(match[0]);
    if (start > last) parts.push({ kind: 'text', text: line.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: url.toLowerCase().startsWith('www.') ? `https://${url}` : url });
    last = start + url.length;
  }
  if (last < line.length) parts.push({ kind: 'text', text: line.slice(last) });
  return parts;
}

/** Paragraphs split at blank lines; single line breaks stay breaks inside a paragraph. */
export function toParagraphs(text: string): TextPart[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => paragraph.split('\n').flatMap((line, index) => [...(index > 0 ? [{ kind: 'break' } as const] : []), ...findLinks(line)]));
}
