import { useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';

export type ImageGalleryProps = { urls: string[]; title: string };

/**
 * A thread's pictures as thumbnails; each opens a larger view in the site's dialog, with
 * Previous and Next, and a link to the full-size file. Focus returns to the thumbnail on close.
 */
export function ImageGallery({ urls, title }: ImageGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const count = urls.length;
  const namePicture = (index: number) => `Picture ${index + 1} of ${count}`;
  const shown = open === null ? undefined : urls[open];

  return (
    <>
      <ul className="forum-gallery" aria-label="Pictures">
        {urls.map((url, index) => (
          <li key={url}>
            <button type="button" className="forum-gallery__thumb" onClick={() => setOpen(index)}>
              <img src={url} alt="" loading="lazy" />
              <span className="visually-hidden">Open {namePicture(index).toLowerCase()}</span>
            </button>
          </li>
        ))}
      </ul>
      {open !== null && shown !== undefined && (
        <Dialog
          title={namePicture(open)}
          isOpen
          onClose={() => setOpen(null)}
          footer={
            <>
              {count > 1 && (
                <>
                  <button type="button" className="button" onClick={() => setOpen((open + count - 1) % count)}>
                    Previous
                  </button>
                  <button type="button" className="button" onClick={() => setOpen((open + 1) % count)} data-autofocus>
                    Next
                  </button>
                </>
              )}
              <a className="button" href={shown} target="_blank" rel="noopener">
                Full size
              </a>
            </>
          }
        >
          <img className="forum-gallery__large" src={shown} alt={`${namePicture(open)} for the thread "${title}"`} />
        </Dialog>
      )}
    </>
  );
}
