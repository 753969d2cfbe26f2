import { lazy, Suspense, useRef, useState } from 'react';
import { ResponsiveImage } from '../../components/responsive-image.tsx';

const PhotoLightbox = lazy(() => import('../../components/photo-lightbox.tsx'));

/**
 * How wide a thumbnail shows: two columns on a phone (the page has 1rem padding each side
 * and a 0.5rem gap), three in the 44rem reading column. The benchmark's phone figure assumes this.
 */
const GALLERY_SIZES = '(max-width: 48rem) calc(50vw - 1.25rem), 14.5rem';

export type PostGalleryProps = {
  urls: readonly string[];
  title: string;
  /** The gallery at the top of the page: its first row loads at once (one is what a phone paints largest). */
  isAtTop?: boolean;
};

/** Thumbnails in a phone's first row. */
const FIRST_ROW = 2;

/** A post's photos as thumbnails; one opens them large. */
export function PostGallery({ urls, title, isAtTop = false }: PostGalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const openerRef = useRef<HTMLButtonElement | null>(null);

  return (
    <>
      <ul className="post-gallery" aria-label={`Photos (${urls.length})`}>
        {urls.map((url, n) => (
          <li key={url} className="post-gallery__item">
            <button
              type="button"
              className="post-gallery__open"
              aria-label={`Open photo ${n + 1} of ${urls.length} large`}
              onClick={(event) => {
                openerRef.current = event.currentTarget;
                setHasOpened(true);
                setOpenIndex(n);
              }}
            >
              <ResponsiveImage
                className="post-gallery__image"
                url={url}
                alt={`Photo ${n + 1} of ${urls.length} from ${title}`}
                sizes={GALLERY_SIZES}
                isEager={isAtTop && n < FIRST_ROW}
              />
            </button>
          </li>
        ))}
      </ul>
      {hasOpened && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={urls.map((url, n) => ({ url, alt: `Photo ${n + 1} of ${urls.length} from ${title}`, caption: title }))}
            label={title}
            index={openIndex ?? 0}
            isOpen={openIndex !== null}
            onClose={() => setOpenIndex(null)}
            onClosed={() => openerRef.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
