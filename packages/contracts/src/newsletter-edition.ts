/** The newsletters' editions without any zod: names, labels and what a file's name says of its edition. */

/** What the site search knows of an edition's words (see `textStatus`). */
export const NEWSLETTER_TEXT_STATUSES = ['pending', 'text', 'none', 'failed'] as const;
export type NewsletterTextStatus = (typeof NEWSLETTER_TEXT_STATUSES)[number];

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Which edition: a month of a year, and whether it is a special edition of that month. */
export type NewsletterEdition = { year: number; month: number; isSpecial: boolean };

/** The canonical title, which is also the file name without its extension: "Valley News March 2025". */
export function newsletterTitle({ year, month, isSpecial }: NewsletterEdition): string {
  return `Valley News ${isSpecial ? 'Special ' : ''}${MONTHS[month - 1] ?? ''} ${year}`;
}

/** How the archive labels an edition: "March 2025", or "Special, March 2025". */
export function newsletterLabel({ year, month, isSpecial }: NewsletterEdition): string {
  return `${isSpecial ? 'Special, ' : ''}${MONTHS[month - 1] ?? ''} ${year}`;
}

type MonthWord = [pattern: RegExp, month: number];
let monthWords: readonly MonthWord[] | undefined;
/** Built on first use: the module stays free of work at load (the first page imports it with the rest of ./plain.ts). */
const monthWordsOf = (): readonly MonthWord[] =>
  (monthWords ??= MONTHS.map((name, index): MonthWord => [
    // Full names and their usual three-letter (or "Sept") short forms, as whole words.
    new RegExp(`(?:^|[^a-z])(?:${name.toLowerCase()}|${name.slice(0, 3).toLowerCase()}${name === 'September' ? '|sept' : ''})(?![a-z])`),
    index + 1,
  ]));

/**
 * What a file's name says about its edition, to prefill the upload form: "Valley News March
 * 2025.pdf" gives March and 2025; "valley_news_special_dec_2024.jpg" gives December, 2024 and
 * Special. A part that the name does not say is left out.
 */
export function readEditionFromFileName(fileName: string): Partial<NewsletterEdition> & { isSpecial: boolean } {
  const name = fileName
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .toLowerCase()
    .replace(/[_.-]+/g, ' ');
  const year = /(?:^|\D)((?:19|20|21)\d\d)(?!\d)/.exec(name)?.[1];
  const month = monthWordsOf().find(([pattern]) => pattern.test(name))?.[1];
  return {
    ...(month === undefined ? {} : { month }),
    ...(year === undefined ? {} : { year: Number(year) }),
    isSpecial: /(?:^|[^a-z])special(?![a-z])/.test(name),
  };
}
