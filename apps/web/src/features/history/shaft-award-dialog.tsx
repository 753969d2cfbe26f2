import type { ShaftAwardWinner } from '@club/contracts';
import { useState } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { loadContractCheck } from '../../components/load-contract-check.ts';
import { Form } from '../../components/form.tsx';
import { ImagePicker, KEEP_IMAGE, type ImageChoice } from '../../components/image-picker/image-picker.tsx';
import { useSaveShaftAwardWinner } from './api/shaft-award.ts';
import { HistoryEditorDialog, useHistoryEditor, YearField } from './history-editor-dialog.tsx';
import './history.css';

const FIELDS = { y: 'text', n: 'text' } as const;

export type ShaftAwardDialogProps = {
  /** The winner to edit, or null to add one. */
  winner: ShaftAwardWinner | null;
  defaultYear: number;
  onClose: () => void;
};

/** Adds or edits a Shaft Award winner with an optional JPEG photo. */
export function ShaftAwardDialog({ winner, defaultYear, onClose }: ShaftAwardDialogProps) {
  const [saved, setSaved] = useState<{ id: number; year: number; name: string; imageUrl: string }>({
    id: winner?.id ?? 0,
    year: winner?.year ?? defaultYear,
    name: winner?.name ?? '',
    imageUrl: winner?.imageUrl ?? '',
  });
  const [photo, setPhoto] = useState<ImageChoice>(KEEP_IMAGE);
  const save = useSaveShaftAwardWinner();
  const editor = useHistoryEditor(onClose);

  // Bumped when the image is removed, so an older "Successfully Saved" does not stand beside it.
  const [removalCount, setRemovalCount] = useState(0);

  async function removeImage() {
    setRemovalCount((count) => count + 1);
    // The saved year and name go with it, so unsaved edits in the form are neither lost nor sent.
    await save.mutateAsync({ body: { i: saved.id, y: saved.year, n: saved.name, img: '' } });
    setSaved((current) => ({ ...current, imageUrl: '' }));
  }

  return (
    <HistoryEditorDialog title={saved.id === 0 ? 'Add Shaft Award Winner' : 'Edit Shaft Award Winner'} editor={editor}>
      <Form
        onDirtyChange={editor.onDirtyChange}
        preload={loadContractCheck}
        aria-label="Shaft Award winner"
        noValidate
        clearMessagesKey={removalCount}
        validate={async (data) => (await loadContractCheck()).contractFieldErrors('shaftAwardWinner.set', readForm(data, FIELDS))}
        onSubmit={async (data) => {
          const { y: year, n: name } = readForm(data, FIELDS);
          const reply = await save.mutateAsync({
            body: { i: saved.id, y: year, n: name, img: saved.imageUrl },
            files: photo.kind === 'new' ? { f: photo.file } : {},
          });
          return { reply, year: Number(year), name };
        }}
        onSuccess={({ reply, year, name }) => {
          setSaved({ id: reply.i, year, name, imageUrl: reply.img });
          setPhoto(KEEP_IMAGE);
        }}
        actions={editor.closeAction}
      >
        <YearField year={saved.year} />
        <FormField label="Name" name="n" autoComplete="off" defaultValue={saved.name} required maxLength={200} />
        <ImagePicker
          label={saved.imageUrl === '' ? 'Photo (JPEG)' : 'Replace the photo (JPEG)'}
          hint="A JPEG photo; it is resized for the web when saved."
          currentUrl={saved.imageUrl}
          currentAlt={`Current photo of ${saved.name}`}
          choice={photo}
          onChange={setPhoto}
          removal={removeImage}
        />
      </Form>
    </HistoryEditorDialog>
  );
}
