/** Newsletter files live under this folder (see the newsletters.get contract). */
const NEWSLETTER_FOLDER = '/uploads/newsletters/';

const IMAGE_EXTENSION = /\.(jpe?g|png|webp|gif)$/i;

export type LatestNewsletter = {
  fileName: string;
  /** The file name without its extension, e.g. "Valley News March 2024". */
  label: string;
  /** Where the browser can load the file itself. */
  url: string;
  isImage: boolean;
};

/** The newest edition from newsletters.get's list, which arrives newest first. */
export function pickLatestNewsletter(fileNames: readonly string[]): LatestNewsletter | undefined {
  const fileName = fileNames.find((name) => name.trim() !== '');
  if (fileName === undefined) return undefined;
  return {
    fileName,
    label: fileName.replace(/\.[a-z0-9]+$/i, ''),
    url: `${NEWSLETTER_FOLDER}${encodeURIComponent(fileName)}`,
    isImage: IMAGE_EXTENSION.test(fileName),
  };
}
