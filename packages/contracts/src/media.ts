/**
 * Zod-free helpers about stored pictures and videos, shared by the server (which names the
 * files) and the browser (which builds `srcset` from the names). Safe on the first page.
 */

/** The widths (px) of the smaller copies stored beside a picture that was stored with renditions. */
export const IMAGE_RENDITION_WIDTHS = [480, 1024] as const;

/**
 * A picture stored with renditions is named `<id>_<width>x<height>[_webp].jpg`; its copies are
 * `<stem>.<w>.jpg`, and when `_webp` is in the name also `<stem>.<w>.webp` and `<stem>.webp`.
 */
const RENDITION_NAME = /^(.*_(\d+)x(\d+)(_webp)?)\.jpg$/;

export type ImageSources = {
  src: string;
  /** Known only for pictures stored with renditions. */
  width?: number;
  height?: number;
  /** JPEG candidates with width descriptors, smallest first. */
  srcSet?: string;
  /** The same sizes as WebP, when the server kept WebP copies (they were smaller). */
  webpSrcSet?: string;
};

/** The name a picture gets once its renditions are stored. */
export function renditionStem(base: string, width: number, height: number, hasWebp: boolean): string {
  return `${base}_${width}x${height}${hasWebp ? '_webp' : ''}`;
}

/** The widths of the copies stored for a picture of this width (each smaller than it). */
export function renditionWidthsFor(width: number): number[] {
  return IMAGE_RENDITION_WIDTHS.filter((w) => w < width);
}

/** What a page needs for `<picture>`/`<img srcset sizes width height>` from a stored picture's URL. */
export function imageSources(url: string): ImageSources {
  const match = RENDITION_NAME.exec(url);
  if (!match) return { src: url };
  const [, stem = '', widthText = '0', heightText = '0', webp] = match;
  const width = Number(widthText);
  const height = Number(heightText);
  const widths = renditionWidthsFor(width);
  const candidates = (ext: string) => [...widths.map((w) => `${stem}.${w}.${ext} ${w}w`), `${ext === 'jpg' ? url : `${stem}.webp`} ${width}w`].join(', ');
  return { src: url, width, height, srcSet: candidates('jpg'), ...(webp ? { webpSrcSet: candidates('webp') } : {}) };
}

/** Whether a URL names a picture stored with renditions; its stem is the common prefix of its copies. */
export function renditionStemOf(url: string): string | undefined {
  return RENDITION_NAME.exec(url)?.[1];
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character video id from a bare id or any common video link (watch?v=, youtu.be/,
 * embed/, shorts/, live/, v/, youtube-nocookie.com, m. and music. hosts); empty when none.
 */
export function extractVideoId(input: string): string {
  const value = input.trim();
  if (VIDEO_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return '';
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | undefined;
  if (host === 'youtu.be') candidate = segments[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') candidate = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0] ?? '')) candidate = segments[1];
    else if (url.searchParams.has('v')) candidate = url.searchParams.get('v') ?? undefined;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : '';
}
