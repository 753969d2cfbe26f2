/** A piece of event text: plain text, or a link made from a `[u]url[/u]` marker. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; url: string };

const MARKER = /\[u\]([\s\S]*?)\[\/u\]/gi;

/** A web address that may be a link: http or https only, so `javascript:` and friends stay text. */
function safeLinkUrl(candidate: string): string | undefined {
  const trimmed = candidate.trim();
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Splits event text into text and links. A `[u]url[/u]` marker with an http(s) address
 * becomes a link; any other marker stays visible as typed. Nothing is ever read as HTML.
 */
export function parseEventText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  const pushText = (value: string) => {
    if (value === '') return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(MARKER)) {
    const index = match.index;
    pushText(text.slice(rest, index));
    const url = safeLinkUrl(match[1] ?? '');
    if (url) parts.push({ kind: 'link', url });
    else pushText(match[0]);
    rest = index + match[0].length;
  }
  pushText(text.slice(rest));
  return parts;
}
