import { useState } from 'react';
import { ResponsiveImage } from './responsive-image.tsx';
import './photo-gallery.css';

/**
 * The photos of a car or a listing on its page: one large, and a row of thumbnails (when there
 * are more) that each show theirs in its place. Nothing when there is no photo.
 */
export function PhotoGallery({ photos, title }: { photos: readonly string[]; title: string }) {
  const [shown, setShown] = useState(0);
  const current = photos[shown] ?? photos[0];
  if (!current) return null;
  return (
    <section className="photo-gallery" aria-label="Photos">
      <figure className="photo-gallery__main">
        <ResponsiveImage url={current} alt={`${title}, photo ${shown + 1} of ${photos.length}`} sizes="(max-width: 48rem) 100vw, 44rem" isEager />
      </figure>
      {photos.length > 1 && (
        <ul className="photo-gallery__thumbs">
          {photos.map((url, n) => (
            <li key={url}>
              <button type="button" className="photo-gallery__thumb" aria-pressed={n === shown} aria-label={`Show photo ${n + 1}`} onClick={() => setShown(n)}>
                <ResponsiveImage url={url} alt="" sizes="6rem" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
