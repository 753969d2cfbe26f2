import type { Newsletter } from '@club/contracts';

export type LatestNewsletter = {
  /** "Valley News March 2025" */
  title: string;
  /** "March 2025" */
  label: string;
  /** The public cover picture; '' when the edition has none. */
  coverUrl: string;
};

/** The newest edition from newsletters.get's rows, which arrive newest first. */
export function pickLatestNewsletter(editions: readonly Newsletter[] | undefined): LatestNewsletter | undefined {
  const latest = editions?.[0];
  if (latest === undefined) return undefined;
  return { title: latest.title, label: latest.label, coverUrl: latest.coverUrl };
}
