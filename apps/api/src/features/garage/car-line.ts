import { FIRST_CAR_YEAR, lastCarYear } from '@club/contracts/plain';

export type CarLine = { year: number | null; bodyStyle: string; name: string };

const MAX_NAME = 100;

/**
 * A member's car written as one line ("1930 Model A Tudor Sedan"), read best effort, by the same
 * rule as the migration that turned the old `cars` strings into registry rows (0008_garage.sql):
 * a leading four-digit year from 1903 to next year; the longest known body style found as a
 * word ("Other" is never guessed); what is left, less a leading "Ford" and "Model A", is the name.
 */
export function parseCarLine(line: string, styles: readonly string[]): CarLine {
  const text = line.replace(/[\t,]/g, ' ').trim();
  const leading = /^(\d{4})(?:\s|$)/.exec(text);
  const leadingYear = leading ? Number(leading[1]) : Number.NaN;
  const year = leadingYear >= FIRST_CAR_YEAR && leadingYear <= lastCarYear() ? leadingYear : null;
  const rest = ` ${(year === null ? text : text.slice(4)).trim()} `;
  const lower = rest.toLowerCase();
  const style = [...styles]
    .filter((candidate) => candidate !== 'Other' && lower.includes(` ${candidate.toLowerCase()} `))
    .sort((a, b) => b.length - a.length)[0];
  let leftover = rest;
  if (style) {
    const at = lower.indexOf(` ${style.toLowerCase()} `);
    leftover = rest.slice(0, at + 1) + rest.slice(at + style.length + 2);
  }
  const name = leftover
    .trim()
    .replace(/^ford model a(?:\s+|$)/i, '')
    .replace(/^model a(?:\s+|$)/i, '')
    .replace(/^ford(?:\s+|$)/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME);
  return { year, bodyStyle: style ?? '', name };
}

/**
 * How members.get says a legacy line again, as a member would write it: a line with neither a
 * year nor a known body style exactly as typed; any other as written, less a leading "Ford" and
 * "Model A" after the year ("1931 Model A Deluxe Phaeton" -> "1931 Deluxe Phaeton", where year,
 * style and name would read "1931 Phaeton Deluxe"). Migration 0021 says the migrated strings so.
 */
export function memberLineOf(line: string, parsed: CarLine): string {
  const text = line.trim();
  if (parsed.year === null && parsed.bodyStyle === '') return text;
  const rest = (parsed.year === null ? text : text.slice(4)).replace(/^[\s,]+/, '');
  const words = rest
    .replace(/^(?:ford model a|model a|ford)(?: |$)/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [parsed.year === null ? '' : String(parsed.year), words].filter(Boolean).join(' ');
}
