import { CAR_MAX_PHOTOS } from '@club/contracts/browser';
import { useId, useState } from 'react';
import { acceptOf, checkImageFile, usePreviewUrl } from '../../components/image-picker/image-file.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';

/** A photo in the editor: one already on the car (its URL) or a file chosen now. */
export type CarPhoto = { key: string; kind: 'kept'; url: string } | { key: string; kind: 'new'; file: File };

let sequence = 0;
export const photoKey = (): string => {
  sequence += 1;
  return `photo-${sequence}`;
};

function Thumbnail({ photo, label }: { photo: CarPhoto; label: string }) {
  const preview = usePreviewUrl(photo.kind === 'new' ? photo.file : null);
  if (photo.kind === 'kept') return <ResponsiveImage className="car-photos__image" url={photo.url} alt={label} sizes="8rem" />;
  return preview ? <img className="car-photos__image" src={preview} alt={label} /> : <span className="car-photos__image" />;
}

/**
 * Up to CAR_MAX_PHOTOS photos in order (the first shows in lists): add several at once (any
 * picture a phone takes; the server turns it into JPEG and strips its location), move one to the
 * front, remove one. Controlled: the editor sends the kept URLs and the new files.
 */
export function CarPhotosField({ photos, onChange }: { photos: CarPhoto[]; onChange: (photos: CarPhoto[]) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const room = CAR_MAX_PHOTOS - photos.length;

  function addFiles(files: File[]) {
    const refused = files.map((file) => checkImageFile(file, 'image')).find((message) => message !== null);
    const accepted = files.filter((file) => checkImageFile(file, 'image') === null);
    const added = accepted.slice(0, Math.max(0, room));
    setProblem(refused ?? (accepted.length > added.length ? `A car can have at most ${CAR_MAX_PHOTOS} photos; ${accepted.length - added.length} were left out.` : null));
    if (added.length > 0) onChange([...photos, ...added.map((file): CarPhoto => ({ key: photoKey(), kind: 'new', file }))]);
  }

  return (
    <fieldset className="car-photos">
      <legend>Photos</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        Up to {CAR_MAX_PHOTOS} photos (JPEG, PNG or WebP; phones’ photos are fine). The first one shows in the registry. Where a photo was taken is never kept.
      </p>
      {photos.length > 0 && (
        <ol className="car-photos__list">
          {photos.map((photo, n) => {
            const label = `Photo ${n + 1}`;
            return (
              <li key={photo.key} className="car-photos__item">
                <Thumbnail photo={photo} label={label} />
                <span className="car-photos__actions">
                  {n > 0 && (
                    <button type="button" className="button button--small" onClick={() => onChange([photo, ...photos.filter((p) => p.key !== photo.key)])}>
                      Make first<span className="visually-hidden">: photo {n + 1}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-label={`Remove photo ${n + 1}`}
                    onClick={() => onChange(photos.filter((p) => p.key !== photo.key))}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {room > 0 ? (
        <div className="form-field">
          <label className="form-field__label" htmlFor={id}>
            Add photos
          </label>
          <input
            id={id}
            className="form-field__input"
            type="file"
            multiple
            accept={acceptOf('image')}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
            onChange={(event) => {
              addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
      ) : (
        <p className="form-field__hint">This car has {CAR_MAX_PHOTOS} photos, the most it can have. Remove one to add another.</p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="form-field__error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
