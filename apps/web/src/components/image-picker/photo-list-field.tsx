import { useRef, useState } from 'react';
import { ResponsiveImage } from '../responsive-image.tsx';
import { useIsPicture, usePreviewUrl } from './image-file.ts';
import { ImagePicker } from './image-picker.tsx';
import './photo-list.css';

/** A photo in an editor's list: one already saved (its URL) or a file chosen now. */
export type ListedPhoto = { key: string; kind: 'kept'; url: string } | { key: string; kind: 'new'; file: File };

let sequence = 0;
export const photoKey = (): string => {
  sequence += 1;
  return `photo-${sequence}`;
};

function Thumbnail({ photo, label }: { photo: ListedPhoto; label: string }) {
  const preview = usePreviewUrl(photo.kind === 'new' ? photo.file : null);
  // A photo this browser cannot draw (an iPhone's HEIC in most browsers) is still sent: the server
  // turns it into JPEG. Say so instead of showing a broken picture.
  const [isUndrawable, setIsUndrawable] = useState(false);
  // Its first bytes tell a picture from a file merely named like one, at once rather than after the save.
  const isPicture = useIsPicture(photo.kind === 'new' ? photo.file : null);
  if (photo.kind === 'kept') return <ResponsiveImage className="photo-list__image" url={photo.url} alt={label} sizes="8rem" />;
  if (isPicture === false) {
    return (
      <span className="photo-list__image photo-list__image--refused" role="img" aria-label={`${label}: “${photo.file.name}” is not a picture`}>
        {photo.file.name}
        <br />
        Not a picture: remove it
      </span>
    );
  }
  if (isUndrawable) {
    return (
      <span className="photo-list__image photo-list__image--undrawable" role="img" aria-label={`${label}, shown once saved`}>
        {photo.file.name}
        <br />
        Shown once saved
      </span>
    );
  }
  return preview ? (
    <img className="photo-list__image" src={preview} alt={label} onError={() => setIsUndrawable(true)} />
  ) : (
    <span className="photo-list__image" />
  );
}

/**
 * Up to `max` photos in order (the first shows in lists), through the shared image picker: add
 * several at once (any picture a phone takes; the server turns it into JPEG and strips its
 * location), move one to the front, remove one. Controlled: the editor sends the kept URLs and the
 * new files. The registry's cars and the classifieds' listings both use it.
 */
export function PhotoListField({
  photos,
  onChange,
  max,
  what,
}: {
  photos: ListedPhoto[];
  onChange: (photos: ListedPhoto[]) => void;
  max: number;
  /** The thing the photos show, for the messages: "car", "listing". */
  what: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <fieldset className="photo-list">
      <legend>Photos</legend>
      <ImagePicker
        mode="multiple"
        label={`Photos (up to ${max})`}
        hint={`JPEG, PNG or WebP; phones’ photos are fine. The first one shows in lists. Where a photo was taken is never kept.`}
        fileKind="image"
        noun="photos"
        items={photos}
        keyOf={(photo) => photo.key}
        listLabel="Chosen photos"
        count={photos.length}
        max={max}
        limitMessage={`A ${what} can have at most ${max} photos.`}
        onAdd={(files) => onChange([...photos, ...files.map((file): ListedPhoto => ({ key: photoKey(), kind: 'new', file }))])}
        inputRef={inputRef}
        renderItem={(photo, n) => (
          <li className="photo-list__item">
            <Thumbnail photo={photo} label={`Photo ${n + 1}`} />
            <span className="photo-list__actions">
              {n > 0 && (
                <button type="button" className="button button--small" onClick={() => onChange([photo, ...photos.filter((p) => p.key !== photo.key)])}>
                  Make first<span className="visually-hidden">: photo {n + 1}</span>
                </button>
              )}
              <button
                type="button"
                className="button button--small button--danger"
                aria-label={`Remove photo ${n + 1}`}
                onClick={() => {
                  onChange(photos.filter((p) => p.key !== photo.key));
                  // The pressed button is gone (and a full list's control is enabled again).
                  requestAnimationFrame(() => inputRef.current?.focus());
                }}
              >
                Remove
              </button>
            </span>
          </li>
        )}
      />
    </fieldset>
  );
}
