import { Fragment, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { errorMessageOf } from '../../api/api-error.ts';
import { Dialog } from '../dialog.tsx';
import { loadWhenShown } from '../load-when-shown.tsx';
import { Loading } from '../loading.tsx';
import { FileChooser } from './file-chooser.tsx';
import { formatFileSize, sortChosenFiles, turn, usePreviewUrl, type Crop, type ImageKind, type Refusal, type Rotation } from './image-file.ts';
import './image-picker.css';

/** The square crop of a member photo, shown once a photo is chosen: only the member editor asks for it. */
const SquareCropper = loadWhenShown(() => import('./square-cropper.tsx').then((m) => m.SquareCropper));

/** What happens to the image on save. */
export type ImageChoice = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; file: File; crop: Crop | null; rotation: Rotation };

export const KEEP_IMAGE: ImageChoice = { kind: 'keep' };

const REMOVE_IMAGE_QUESTION = 'Are you sure you want to remove this image?';

type SingleImagePickerProps = {
  mode?: 'single';
  /** The field's label, e.g. "Photo (JPEG)". */
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

type MultipleImagePickerProps<T> = {
  mode: 'multiple';
  /** The field's label, e.g. "Pictures (JPEG, up to 10)". */
  label: string;
  hint?: string;
  fileKind?: ImageKind;
  /** The button's noun, plural: "pictures", "photos". */
  noun?: string;
  /** What is in the list now (new files, or saved and new pictures), each shown by `renderItem` as an `<li>`. */
  items: readonly T[];
  keyOf: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** The list's name for screen readers. */
  listLabel: string;
  /** How many of the new files count against `max` (all of this list, or all of a post). */
  count: number;
  max: number;
  /** The rule a file over `max` breaks, e.g. "A thread can have at most 10 pictures." */
  limitMessage: string;
  /** The files of a choice that may be added, in the order chosen. */
  onAdd: (files: File[]) => void;
  /** The control, for focus to return to after an item is removed. */
  inputRef?: Ref<HTMLInputElement>;
};

export type ImagePickerProps<T> = SingleImagePickerProps | MultipleImagePickerProps<T>;

/**
 * The one image picker, in two modes. `single` (the default): choose one file, see it, crop or
 * turn it, and keep, replace or remove the saved image. `multiple`: add several files to a list
 * up to a limit, "N of 10 chosen". Both use the same styled control (FileChooser) and the same
 * checks of kind and size as the server, naming each refused file with its reason.
 */
export function ImagePicker<T>(props: ImagePickerProps<T>) {
  return props.mode === 'multiple' ? <MultipleImagePicker {...props} /> : <SingleImagePicker {...props} />;
}

/** The files of a choice that fit, and a named refusal for each that does not. */
function MultipleImagePicker<T>({
  label,
  hint,
  fileKind = 'jpeg',
  noun = 'pictures',
  items,
  keyOf,
  renderItem,
  listLabel,
  count,
  max,
  limitMessage,
  onAdd,
  inputRef,
}: MultipleImagePickerProps<T>) {
  // The refusals of the last choice, shown until the list changes again.
  const [lastChoice, setLastChoice] = useState<{ refusals: Refusal[]; count: number } | null>(null);
  const isFull = count >= max;

  function add(files: File[]) {
    const { accepted, refusals } = sortChosenFiles(files, fileKind, Math.max(0, max - count), limitMessage);
    setLastChoice({ refusals, count: count + accepted.length });
    if (accepted.length > 0) onAdd(accepted);
  }

  const status = isFull ? `${count} of ${max} chosen. ${limitMessage}` : count === 0 ? `None chosen yet (up to ${max}).` : `${count} of ${max} chosen.`;

  return (
    <div className="image-picker">
      <FileChooser
        label={label}
        buttonText={count === 0 ? `Choose ${noun}` : `Add more ${noun}`}
        status={status}
        hint={hint}
        refusals={lastChoice !== null && lastChoice.count === count ? lastChoice.refusals : []}
        fileKind={fileKind}
        isMultiple
        isDisabled={isFull}
        inputRef={inputRef}
        onChoose={add}
      />
      {items.length > 0 && (
        <ul className="image-picker__list" aria-label={listLabel}>
          {items.map((item, index) => (
            <Fragment key={keyOf(item, index)}>{renderItem(item, index)}</Fragment>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One new file in a multiple picker's list: its preview and a Remove button naming it. */
export function ChosenFileItem({ file, index, count, onRemove }: { file: File; index: number; count: number; onRemove: () => void }) {
  const preview = usePreviewUrl(file);
  return (
    <li className="image-picker__item">
      {preview !== null && <img src={preview} alt={`Picture ${index + 1} of ${count}: ${file.name}`} />}
      <button type="button" className="button" onClick={onRemove}>
        Remove
        <span className="visually-hidden">
          {' '}
          picture {index + 1}, {file.name}
        </span>
      </button>
    </li>
  );
}

type RemovalState = { status: 'idle' | 'asking' | 'removing' | 'removed' } | { status: 'error'; message: string };

function SingleImagePicker({
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
}: SingleImagePickerProps) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [removalState, setRemovalState] = useState<RemovalState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  // Set when the control that was pressed disappears, so focus goes on to the Keep button.
  const isKeepFocusDueRef = useRef(false);
  const file = choice.kind === 'new' ? choice.file : null;
  const previewUrl = usePreviewUrl(file);
  // A picker that crops has the cropper ready before a photo is chosen, so it shows at once.
  useEffect(() => {
    if (hasSquareCrop) void SquareCropper.preload();
  }, [hasSquareCrop]);

  function choose([chosen]: File[]) {
    if (chosen === undefined) return;
    const { refusals } = sortChosenFiles([chosen], fileKind, 1, '');
    setRefusal(refusals[0] ?? null);
    if (refusals.length > 0) return;
    setRemovalState({ status: 'idle' });
    onChange({ kind: 'new', file: chosen, crop: null, rotation: 0 });
  }

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

      <FileChooser
        label={label}
        buttonText={hasCurrent || file !== null ? 'Choose another image' : 'Choose an image'}
        status={
          file !== null ? `Chosen: ${file.name} (${formatFileSize(file.size)}).` : hasCurrent ? 'Keeping the current image, shown above.' : 'No image chosen.'
        }
        hint={hint}
        refusals={refusal === null ? [] : [refusal]}
        fileKind={fileKind}
        inputRef={inputRef}
        onChoose={choose}
      />

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
