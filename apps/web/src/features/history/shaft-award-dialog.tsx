import type { ShaftAwardWinner } from '@club/contracts';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { callApi, errorMessageOf } from '../../api/client.ts';
import { Dialog } from '../../components/dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Form } from '../../components/form.tsx';
import { Loading } from '../../components/loading.tsx';
import { JPEG_ONLY_MESSAGE, checkYear, isJpegFile } from './history-rules.ts';
import { useRefreshList } from './use-history-data.ts';

export type ShaftAwardDialogProps = {
  /** The winner to edit, or null to add one. */
  winner: ShaftAwardWinner | null;
  defaultYear: number;
  onClose: () => void;
};

const REMOVE_QUESTION = 'Are you sure you want to remove this image?';

type ChosenPhoto = { file: File; previewUrl: string };

/** The chosen photo with a preview URL; the URL is released when the photo changes or the dialog closes. */
function useChosenPhoto(): [ChosenPhoto | null, (file: File | null) => void] {
  const [chosen, setChosen] = useState<ChosenPhoto | null>(null);
  const urlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (urlRef.current !== null) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  const choose = useCallback((file: File | null) => {
    if (urlRef.current !== null) URL.revokeObjectURL(urlRef.current);
    urlRef.current = file === null ? null : URL.createObjectURL(file);
    setChosen(file === null || urlRef.current === null ? null : { file, previewUrl: urlRef.current });
  }, []);
  return [chosen, choose];
}

/** Adds or edits a Shaft Award winner with an optional JPEG photo. */
export function ShaftAwardDialog({ winner, defaultYear, onClose }: ShaftAwardDialogProps) {
  const [saved, setSaved] = useState<{ id: number; year: number; name: string; imageUrl: string }>({
    id: winner?.id ?? 0,
    year: winner?.year ?? defaultYear,
    name: winner?.name ?? '',
    imageUrl: winner?.imageUrl ?? '',
  });
  const [chosen, setChosenFile] = useChosenPhoto();
  const chosenFile = chosen?.file ?? null;
  const preview = chosen?.previewUrl ?? null;
  const [fileError, setFileError] = useState<string | null>(null);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const [removal, setRemoval] = useState<{ status: 'idle' | 'removing' | 'removed' } | { status: 'error'; message: string }>({
    status: 'idle',
  });
  const [removalCount, setRemovalCount] = useState(0);
  const pickerRef = useRef<HTMLDivElement>(null);
  const refresh = useRefreshList('shaftAwardWinners.get');

  useEffect(() => {
    // The Remove image button is gone now: keep focus in the dialog, on the photo picker.
    if (removal.status === 'removed') pickerRef.current?.querySelector('input')?.focus();
  }, [removal.status]);

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    if (file !== null && !isJpegFile(file)) {
      event.currentTarget.value = '';
      setChosenFile(null);
      setFileError(JPEG_ONLY_MESSAGE);
      return;
    }
    setFileError(null);
    setChosenFile(file);
  }

  async function removeImage() {
    setIsConfirmingRemoval(false);
    setRemovalCount((count) => count + 1);
    setRemoval({ status: 'removing' });
    try {
      // The saved year and name go with it, so unsaved edits in the form are neither lost nor sent.
      await callApi('shaftAwardWinner.set', { i: saved.id, y: saved.year, n: saved.name, img: '' }, {});
      setSaved((current) => ({ ...current, imageUrl: '' }));
      setRemoval({ status: 'removed' });
      void refresh();
    } catch (error) {
      setRemoval({ status: 'error', message: errorMessageOf(error) });
    }
  }

  const shownImage = preview ?? (saved.imageUrl !== '' ? saved.imageUrl : null);

  return (
    <Dialog title={saved.id === 0 ? 'Add Shaft Award Winner' : 'Edit Shaft Award Winner'} isOpen onClose={onClose}>
      <Form
        aria-label="Shaft Award winner"
        noValidate
        clearMessagesKey={removalCount}
        validate={(data) => {
          const yearProblem = checkYear(String(data.get('y') ?? ''), { isRequired: true });
          if (yearProblem !== null) return yearProblem;
          if (String(data.get('n') ?? '').trim() === '') return 'Please enter the name.';
          if (chosenFile !== null && !isJpegFile(chosenFile)) return JPEG_ONLY_MESSAGE;
          return null;
        }}
        onSubmit={async (data) => {
          const year = String(data.get('y') ?? '').trim();
          const name = String(data.get('n') ?? '');
          const reply = await callApi(
            'shaftAwardWinner.set',
            { i: saved.id, y: year, n: name, img: saved.imageUrl },
            chosenFile !== null ? { f: chosenFile } : {},
          );
          return { reply, year: Number(year), name: name.trim() };
        }}
        onSuccess={({ reply, year, name }) => {
          setSaved({ id: reply.i, year, name, imageUrl: reply.img });
          setChosenFile(null);
          setRemoval({ status: 'idle' });
          void refresh();
        }}
        actions={
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        }
      >
        <FormField
          label="Year"
          name="y"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={String(saved.year)}
          required
          data-autofocus
        />
        <FormField label="Name" name="n" autoComplete="off" defaultValue={saved.name} required maxLength={200} />
        {shownImage !== null && (
          <figure className="photo-field__preview">
            <img src={shownImage} alt={preview !== null ? 'The photo you chose' : `Current photo of ${saved.name}`} />
            {preview !== null && <figcaption>Saved when you press Save.</figcaption>}
          </figure>
        )}
        {preview === null && saved.imageUrl !== '' && (
          <div className="button-row">
            <button
              type="button"
              className="button"
              onClick={() => {
                if (removal.status !== 'removing') setIsConfirmingRemoval(true);
              }}
              aria-disabled={removal.status === 'removing' || undefined}
            >
              Remove image
            </button>
            {removal.status === 'removing' && <Loading isInline label="Removing…" />}
          </div>
        )}
        <div className="form__status" aria-live="polite">
          {removal.status === 'removed' && <p className="form__message form__message--success">Image removed.</p>}
        </div>
        {removal.status === 'error' && (
          <p className="form__message form__message--error" role="alert">
            {removal.message}
          </p>
        )}
        {/* Announces the file-type message as it appears, since focus stays on the picker. */}
        <div aria-live="polite" ref={pickerRef}>
          <FormField
            key={saved.imageUrl}
            label={saved.imageUrl === '' ? 'Photo (JPEG)' : 'Replace the photo (JPEG)'}
            name="f"
            type="file"
            accept="image/jpeg,.jpg,.jpeg"
            onChange={chooseFile}
            hint="A JPEG photo; it is resized for the web when saved."
            error={fileError ?? undefined}
          />
        </div>
      </Form>
      <Dialog
        title="Remove image"
        isOpen={isConfirmingRemoval}
        onClose={() => setIsConfirmingRemoval(false)}
        footer={
          <>
            <button type="button" className="button button--danger" onClick={() => void removeImage()}>
              Remove
            </button>
            {/* A destructive question starts on Cancel, as every confirmation here does. */}
            <button type="button" className="button" onClick={() => setIsConfirmingRemoval(false)} data-autofocus>
              Cancel
            </button>
          </>
        }
      >
        <p className="dialog__message">{REMOVE_QUESTION}</p>
      </Dialog>
    </Dialog>
  );
}
