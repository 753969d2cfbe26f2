import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { errorMessageOf } from '../../api/api-error.ts';
import { Dialog } from '../dialog.tsx';
import { FieldFrame } from '../field-frame.tsx';
import { Loading } from '../loading.tsx';
import { acceptOf, checkImageFile, turn, usePreviewUrl, type Crop, type ImageKind, type Rotation } from './image-file.ts';
import { SquareCropper } from './square-cropper.tsx';
import './image-picker.css';

/** What happens to the image on save. */
export type ImageChoice = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; file: File; crop: Crop | null; rotation: Rotation };

export const KEEP_IMAGE: ImageChoice = { kind: 'keep' };

export const REMOVE_IMAGE_QUESTION = 'Are you sure you want to remove this image?';

export type ImagePickerProps = {
  /** The file input's label, e.g. "Photo (JPEG)". */
  label: string;
  hint?: string;
  /** `jpeg` for calls that take only JPEG, `image` for any image. */
  fileKind?: ImageKind;
  /** The saved image ('' when there is none) and its alternative text. */
  currentUrl: string;
  currentAlt: string;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  /** Asks for a square part of the new image (member photos). */
  hasSquareCrop?: boolean;
  /** Offers quarter turns of the new image, for calls that take a rotation. */
  canRotate?: boolean;
  /**
   * How the saved image is removed: `on-save` marks it and Save removes it (with an undo);
   * a function is called at once after "Are you sure…?"; leave it out when it cannot be removed.
   */
  removal?: 'on-save' | (() => Promise<void>);
};

type RemovalState = { status: 'idle' | 'asking' | 'removing' | 'removed' } | { status: 'error'; message: string };

/**
 * The one image picker: choose a file (checked at once, error inline), see it, crop or turn it,
 * and keep, replace or remove the saved image. Controlled: the form keeps the `ImageChoice`
 * and sends `choice.file` (with `crop` / `rotation`) or a blank image on save.
 */
export function ImagePicker({
  label,
  hint,
  fileKind = 'jpeg',
  currentUrl,
  currentAlt,
  choice,
  onChange,
  hasSquareCrop = false,
  canRotate = false,
  removal,
}: ImagePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const [removalState, setRemovalState] = useState<RemovalState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  // Set when the control that was pressed disappears, so focus goes on to the Keep button.
  const isKeepFocusDueRef = useRef(false);
  const file = choice.kind === 'new' ? choice.file : null;
  const previewUrl = usePreviewUrl(file);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    if (!chosen) return;
    const problem = checkImageFile(chosen, fileKind);
    setError(problem);
    if (problem !== null) {
      event.currentTarget.value = '';
      return;
    }
    setRemovalState({ status: 'idle' });
    onChange({ kind: 'new', file: chosen, crop: null, rotation: 0 });
  }

  // The input must not go on naming a file the form no longer holds (after Save, or "Keep").
  useEffect(() => {
    if (choice.kind !== 'new' && inputRef.current !== null) inputRef.current.value = '';
  }, [choice.kind]);

  async function removeNow(remove: () => Promise<void>) {
    setRemovalState({ status: 'removing' });
    try {
      await remove();
      setRemovalState({ status: 'removed' });
      // The Remove button is gone; the file input is where the member goes on from.
      inputRef.current?.focus();
    } catch (caught) {
      setRemovalState({ status: 'error', message: errorMessageOf(caught) });
    }
  }

  const hasCurrent = currentUrl !== '' && choice.kind === 'keep';

  return (
    <div className="image-picker">
      {hasCurrent && (
        <figure className="image-picker__preview">
          <img src={currentUrl} alt={currentAlt} />
        </figure>
      )}
      {hasCurrent && removal !== undefined && (
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={removalState.status === 'removing'}
            onClick={() => {
              if (removal !== 'on-save') {
                setRemovalState({ status: 'asking' });
                return;
              }
              isKeepFocusDueRef.current = true;
              onChange({ kind: 'remove' });
            }}
          >
            Remove image
          </button>
          {removalState.status === 'removing' && <Loading isInline label="Removing…" />}
        </div>
      )}
      <div className="form__status" aria-live="polite">
        {removalState.status === 'removed' && <p className="form__message form__message--success">Image removed.</p>}
      </div>
      {removalState.status === 'error' && (
        <p className="form__message form__message--error" role="alert">
          {removalState.message}
        </p>
      )}
      {choice.kind === 'remove' && (
        <p className="image-picker__note">
          The image will be removed when you save.{' '}
          <button
            ref={(element) => {
              if (element !== null && isKeepFocusDueRef.current) {
                isKeepFocusDueRef.current = false;
                element.focus();
              }
            }}
            type="button"
            className="link-button"
            onClick={() => onChange(KEEP_IMAGE)}
          >
            Keep the image
          </button>
        </p>
      )}

      {/* Announces the file-type message as it appears, since focus stays on the file input. */}
      <div aria-live="polite">
        <FieldFrame label={label} hint={hint} error={error ?? undefined}>
          {(control) => (
            <input ref={inputRef} {...control} className="image-picker__input" type="file" accept={acceptOf(fileKind)} onChange={choose} />
          )}
        </FieldFrame>
      </div>

      {choice.kind === 'new' && previewUrl !== null && (
        <>
          {hasSquareCrop ? (
            <SquareCropper src={previewUrl} crop={choice.crop} onChange={(crop) => onChange({ ...choice, crop })} />
          ) : (
            <figure className="image-picker__preview">
              <img src={previewUrl} alt="The photo you chose" style={{ transform: `rotate(${choice.rotation}deg)` }} />
              <figcaption>Saved when you press Save.</figcaption>
            </figure>
          )}
          <div className="button-row">
            {canRotate && !hasSquareCrop && (
              <>
                <button type="button" className="button" onClick={() => onChange({ ...choice, rotation: turn(choice.rotation, -90) })}>
                  Turn left
                </button>
                <button type="button" className="button" onClick={() => onChange({ ...choice, rotation: turn(choice.rotation, 90) })}>
                  Turn right
                </button>
              </>
            )}
            <button
              type="button"
              className="button"
              onClick={() => {
                onChange(KEEP_IMAGE);
                inputRef.current?.focus();
              }}
            >
              {currentUrl !== '' ? 'Keep the current image instead' : 'Do not add this image'}
            </button>
          </div>
        </>
      )}

      {typeof removal === 'function' && (
        <Dialog
          title="Remove image"
          isOpen={removalState.status === 'asking'}
          onClose={() => setRemovalState({ status: 'idle' })}
          footer={
            <>
              <button type="button" className="button button--danger" onClick={() => void removeNow(removal)}>
                Remove
              </button>
              {/* A destructive question starts on Cancel, as every confirmation here does. */}
              <button type="button" className="button" onClick={() => setRemovalState({ status: 'idle' })} data-autofocus>
                Cancel
              </button>
            </>
          }
        >
          <p className="dialog__message">{REMOVE_IMAGE_QUESTION}</p>
        </Dialog>
      )}
    </div>
  );
}
