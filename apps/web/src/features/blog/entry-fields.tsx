import { BLOG_MAX_UPLOADS } from '@club/contracts/browser';
import { useId, useState } from 'react';
import { acceptOf, checkImageFile, turn } from '../../components/image-picker/image-file.ts';
import { nextKey, videoIdOf, type EditorEntry, type EditorPicture } from './editor-entries.ts';
import { PictureCard } from './picture-card.tsx';

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
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const setPicture = (key: string, change: (picture: EditorPicture) => EditorPicture | null) =>
    onChange({ ...entry, pictures: entry.pictures.flatMap((p) => (p.key === key ? [change(p)].filter((x) => x !== null) : [p])) });

  function addFiles(files: File[]) {
    const refused = files.map((file) => checkImageFile(file, 'jpeg')).find((message) => message !== null);
    const accepted = files.filter((file) => checkImageFile(file, 'jpeg') === null);
    const room = BLOG_MAX_UPLOADS - newPhotoCount;
    const added = accepted.slice(0, Math.max(0, room));
    setProblem(
      refused ??
        (accepted.length > added.length ? `One save takes at most ${BLOG_MAX_UPLOADS} new photos. Save, then add the rest.` : null),
    );
    if (added.length === 0) return;
    onChange({
      ...entry,
      pictures: [...entry.pictures, ...added.map((file): EditorPicture => ({ key: nextKey(), kind: 'new', file, rotation: 0 }))],
    });
  }

  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}: add JPEG photos
      </label>
      <input
        id={id}
        className="form-field__input"
        type="file"
        multiple
        accept={acceptOf('jpeg')}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          addFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="form-field__error" role="alert">
          {problem}
        </p>
      )}
      {entry.pictures.length > 0 && (
        <ul className="picture-cards" aria-label={`${label}: ${entry.pictures.length} chosen`}>
          {entry.pictures.map((picture, n) => (
            <PictureCard
              key={picture.key}
              picture={picture}
              label={`photo ${n + 1}`}
              onTurn={(by) => setPicture(picture.key, (p) => (p.kind === 'new' ? { ...p, rotation: turn(p.rotation, by) } : p))}
              onRemove={() => setPicture(picture.key, () => null)}
            />
          ))}
        </ul>
      )}
    </div>
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
