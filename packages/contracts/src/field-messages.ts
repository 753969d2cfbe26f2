import { MAX_UPLOAD_BYTES, type FileKind } from './calls.ts';

/**
 * A label that speaks to the member ("Your reply") already says whose it is: "Please enter your
 * reply.", not "Please enter the your reply.".
 */
const isYours = (label: string) => /^your\s/i.test(label);
const the = (label: string) => (isYours(label) ? label : `the ${label}`);
const The = (label: string) => {
  const phrase = the(label);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
};
const withoutYour = (label: string) => label.replace(/^your\s+/i, '');

/**
 * The site's one voice for what is wrong with a field. The contracts (so the server and the
 * browser's contract checks) and the browser's own checks (required, type, length, range) all
 * word their messages here: "Please enter the year." for what is missing, "The year must be …"
 * for what is wrong. `label` is the field's name as it reads in a sentence ("first name").
 * Zod-free, so the first page may load it.
 */
export const FIELD_MESSAGES = {
  missing: (label: string) => `Please enter ${the(label)}.`,
  /** A file, or an option from a list, that was not chosen. */
  notChosen: (label: string) => `Please choose ${the(label)}.`,
  notANumber: (label: string) => `${The(label)} must be a number.`,
  notWholeNumber: (label: string) => `${The(label)} must be a whole number.`,
  belowMinimum: (label: string, min: number | string) => `${The(label)} must be at least ${min}.`,
  aboveMaximum: (label: string, max: number | string) => `${The(label)} must be at most ${max}.`,
  tooShort: (label: string, min: number, now?: number) => `${The(label)} must be at least ${min} characters long${now === undefined ? '' : ` (now ${now})`}.`,
  tooLong: (label: string, max: number) => `${The(label)} is too long (at most ${max} characters).`,
  notEmailAddress: (label: string) => `Please enter a valid ${withoutYour(label)}, like name@example.com.`,
  notWebAddress: (label: string) => `Please enter a valid ${withoutYour(label)}, like https://example.org.`,
} as const;

/** What a file of the wrong kind is told, before upload (browser) and after (server, by content). */
export const FILE_KIND_MESSAGES: Readonly<Record<FileKind, string>> = {
  jpeg: 'Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.',
  image: 'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC).',
  'image-or-pdf': 'Please choose a PDF or an image file (JPEG, PNG, WebP or GIF).',
  gpx: 'Please choose a GPX file (.gpx): in your mapping app, export or share the route as GPX.',
};

/** What a file larger than MAX_UPLOAD_BYTES is told, by the browser and by the server. */
export const FILE_TOO_LARGE_MESSAGE = `That file is too large. Please choose a smaller one (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB).`;
