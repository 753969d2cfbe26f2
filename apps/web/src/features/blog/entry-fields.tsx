import { BLOG_MAX_UPLOADS } from '@club/contracts/plain';
import { useId, useState } from 'react';
import { turn } from '../../components/image-picker/image-file.ts';
import { ImagePicker } from '../../components/image-picker/image-picker.tsx';
import { nextKey, videoIdOf, type EditorEntry, type EditorPicture } from './editor-entries.ts';
import { PictureCard } from './picture-card.tsx';
import '../../components/form.css';

type EntryOf<K extends EditorEntry['kind']> = Extract<EditorEntry, { kind: K }>;

export function TextEntryField({ entry, label, onChange }: { entry: EntryOf<'text'>; label: string; onChange: (entry: EditorEntry) => void }) {
  const id = useId();
  return (
    <div className="form-field">
      {/* The entry's legend shows the same words; the label still names the box for screen readers. */}
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={`${id}-hint`}
        className="form-field__input form-field__input--multiline"
        rows={6}
        value={entry.text}
        maxLength={50000}
        onChange={(event) => onChange({ ...entry, text: event.target.value })}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        Leave a blank line between paragraphs. Web addresses become links.
      </p>
    </div>
  );
}

export function PicturesEntryField({
  entry,
  label,
  newPhotoCount,
  onChange,
}: {
  entry: EntryOf<'pictures'>;
  label: string;
  /** New photos in the whole post so far, as one save takes at most BLOG_MAX_UPLOADS. */
  newPhotoCount: number;
  onChange: (entry: EditorEntry) => void;
}) {
  const setPicture = (key: string, change: (picture: EditorPicture) => EditorPicture | null) =>
    onChange({ ...entry, pictures: entry.pictures.flatMap((p) => (p.key === key ? [change(p)].filter((x) => x !== null) : [p])) });

  return (
    <ImagePicker
      mode="multiple"
      label={`${label}: add JPEG photos`}
      hint={`New photos in the whole post count together: one save takes up to ${BLOG_MAX_UPLOADS}.`}
      noun="photos"
      items={entry.pictures}
      keyOf={(picture) => picture.key}
      renderItem={(picture, n) => (
        <PictureCard
          picture={picture}
          label={`photo ${n + 1}`}
          onTurn={(by) => setPicture(picture.key, (p) => (p.kind === 'new' ? { ...p, rotation: turn(p.rotation, by) } : p))}
          onRemove={() => setPicture(picture.key, () => null)}
        />
      )}
      listLabel={`${label}: ${entry.pictures.length} chosen`}
      count={newPhotoCount}
      max={BLOG_MAX_UPLOADS}
      limitMessage={`One save takes at most ${BLOG_MAX_UPLOADS} new photos. Save, then add the rest.`}
      onAdd={(files) =>
        onChange({
          ...entry,
          pictures: [...entry.pictures, ...files.map((file): EditorPicture => ({ key: nextKey(), kind: 'new', file, rotation: 0 }))],
        })
      }
    />
  );
}

export function VideoEntryField({ entry, label, onChange }: { entry: EntryOf<'video'>; label: string; onChange: (entry: EditorEntry) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(entry.videoId);
  const [wasCleared, setWasCleared] = useState(false);
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}: YouTube link or video id
      </label>
      <input
        id={id}
        className="form-field__input"
        type="text"
        inputMode="url"
        autoComplete="off"
        value={draft}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const videoId = videoIdOf(event.target.value);
          // A recognised link is cut down to its id at once; other typing waits for the field to be left.
          setDraft(videoId || event.target.value);
          setWasCleared(false);
          if (videoId) onChange({ ...entry, videoId });
        }}
        onBlur={() => {
          const videoId = videoIdOf(draft);
          setWasCleared(draft.trim() !== '' && videoId === '');
          setDraft(videoId);
          onChange({ ...entry, videoId });
        }}
      />
      <p id={`${id}-hint`} className={wasCleared ? 'form-field__error' : 'form-field__hint'} role={wasCleared ? 'alert' : undefined}>
        {wasCleared
          ? 'That was not a YouTube link or video id, so the field was emptied. Paste the link from the video’s Share button.'
          : 'Paste the link from the video’s Share button; only its 11-character id is kept.'}
      </p>
    </div>
  );
}
