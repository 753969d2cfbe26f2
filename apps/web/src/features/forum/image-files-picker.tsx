import { useId, useRef, useState, type ChangeEvent } from 'react';
import { acceptOf, checkImageFile, usePreviewUrl } from '../../components/image-picker/image-file.ts';

export type ImageFilesPickerProps = {
  files: File[];
  onChange: (files: File[]) => void;
  max: number;
};

function ChosenImage({ file, index, count, onRemove }: { file: File; index: number; count: number; onRemove: () => void }) {
  const preview = usePreviewUrl(file);
  return (
    <li className="forum-picker__item">
      {preview !== null && <img src={preview} alt={`Picture ${index + 1} of ${count}: ${file.name}`} />}
      <button type="button" className="button" onClick={onRemove}>
        Remove<span className="visually-hidden"> picture {index + 1}, {file.name}</span>
      </button>
    </li>
  );
}

/**
 * Several JPEG pictures for a new thread: each choice adds to the list (up to `max`), each file
 * is checked at once and can be taken out again before sending.
 */
export function ImageFilesPicker({ files, onChange, max }: ImageFilesPickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const isFull = files.length >= max;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    const refused = chosen.map((file) => checkImageFile(file, 'jpeg')).find((message) => message !== null) ?? null;
    const accepted = chosen.filter((file) => checkImageFile(file, 'jpeg') === null);
    const room = max - files.length;
    const tooMany = accepted.length > room ? `You can add at most ${max} pictures to a thread; the first ${room} you chose were added.` : null;
    setProblem(refused ?? tooMany);
    if (accepted.length > 0 && room > 0) onChange([...files, ...accepted.slice(0, room)]);
  }

  function remove(index: number) {
    onChange(files.filter((_, at) => at !== index));
    setProblem(null);
    inputRef.current?.focus();
  }

  return (
    <div className="forum-picker">
      <div className="form-field">
        <label className="form-field__label" htmlFor={inputId}>
          Pictures (JPEG, up to {max})
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="forum-picker__input"
          type="file"
          multiple
          accept={acceptOf('jpeg')}
          aria-describedby={hintId}
          disabled={isFull}
          onChange={choose}
        />
        <p id={hintId} className="form-field__hint">
          {isFull
            ? `${max} of ${max} chosen, the most a thread can have. Remove one to choose another.`
            : files.length > 0
              ? `${files.length} of ${max} chosen. Choose more to add them.`
              : 'Optional. Photos of the part or the problem help others answer.'}
        </p>
      </div>
      <div aria-live="polite">
        {problem !== null && (
          <p className="form__message form__message--error" role="alert">
            {problem}
          </p>
        )}
      </div>
      {files.length > 0 && (
        <ul className="forum-picker__list" aria-label="Chosen pictures">
          {files.map((file, index) => (
            <ChosenImage key={`${file.name}-${file.size}-${file.lastModified}-${index}`} file={file} index={index} count={files.length} onRemove={() => remove(index)} />
          ))}
        </ul>
      )}
    </div>
  );
}
