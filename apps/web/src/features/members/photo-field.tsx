import { useEffect, useId, useState } from 'react';
import { PhotoCropper } from './photo-cropper.tsx';
import { isJpegFile, type Crop } from './member-rules.ts';

/** What happens to the photo on save. */
export type PhotoChoice =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'new'; file: File; previewUrl: string; crop: Crop | null };

export type PhotoFieldProps = {
  currentUrl: string;
  choice: PhotoChoice;
  onChange: (choice: PhotoChoice) => void;
};

const NOT_JPEG = 'Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.';

/** A JPEG photo with a square crop; the current one can be kept, replaced or removed. */
export function PhotoField({ currentUrl, choice, onChange }: PhotoFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const previewUrl = choice.kind === 'new' ? choice.previewUrl : null;

  // Each preview URL holds the file in memory until revoked.
  useEffect(() => {
    if (previewUrl === null) return undefined;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const hasCurrent = currentUrl !== '' && choice.kind === 'keep';

  return (
    <fieldset className="photo-field">
      <legend>Photo</legend>
      {hasCurrent && (
        <div className="photo-field__current">
          <img className="photo-field__thumb" src={currentUrl} alt="The member's current photo" width={96} height={96} />
          <button type="button" className="button" onClick={() => onChange({ kind: 'remove' })}>
            Remove photo
          </button>
        </div>
      )}
      {choice.kind === 'remove' && (
        <p className="photo-field__note">
          The photo will be removed when you save.{' '}
          <button type="button" className="link-button" onClick={() => onChange({ kind: 'keep' })}>
            Keep the photo
          </button>
        </p>
      )}
      <label className="form-field__label" htmlFor={inputId}>
        {currentUrl !== '' ? 'Choose a new photo (JPEG)' : 'Choose a photo (JPEG)'}
      </label>
      <input
        id={inputId}
        className="photo-field__input"
        type="file"
        accept="image/jpeg,.jpg,.jpeg"
        aria-describedby={error !== null ? errorId : undefined}
        aria-invalid={error !== null || undefined}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (!chosen) return;
          if (!isJpegFile(chosen)) {
            setError(NOT_JPEG);
            event.currentTarget.value = '';
            return;
          }
          setError(null);
          onChange({ kind: 'new', file: chosen, previewUrl: URL.createObjectURL(chosen), crop: null });
        }}
      />
      {error !== null && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
      {choice.kind === 'new' && (
        <>
          <PhotoCropper src={choice.previewUrl} crop={choice.crop} onChange={(crop) => onChange({ ...choice, crop })} />
          <button type="button" className="link-button" onClick={() => onChange({ kind: 'keep' })}>
            {currentUrl !== '' ? 'Keep the current photo instead' : 'Do not add a photo'}
          </button>
        </>
      )}
    </fieldset>
  );
}
