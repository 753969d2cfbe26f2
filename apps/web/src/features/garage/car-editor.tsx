import { CAR_MAX_PHOTOS, CAR_STORY_MAX, CAR_VISIBILITIES, FIRST_CAR_YEAR, hasPermission, lastCarYear, type CarVisibility } from '@club/contracts/plain';
import type { Car } from '@club/contracts';
import { useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { FieldFrame } from '../../components/field-frame.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Form } from '../../components/form.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useGuardedEditor } from '../../components/unsaved-changes.tsx';
import { useSession } from '../../session/index.ts';
import { useBodyStyles } from './api/garage-reads.ts';
import { useSaveCar } from './api/garage-writes.ts';
import { RadioChoices } from '../../components/radio-choices.tsx';
import { PhotoListField, photoKey, type ListedPhoto } from '../../components/image-picker/photo-list-field.tsx';
import { carTitleOf, visibilityLabelOf } from './car-text.ts';
import { OwnerPicker } from './owner-picker.tsx';
import '../../components/form.css';
import './garage.css';

type HistoryRow = { key: string; owner: string; from: string; to: string };

const VISIBILITY_HINTS: Record<CarVisibility, string> = {
  members: 'Only logged-in members see the car.',
  public: 'Anyone sees the car and its photos, but not who owns it.',
  'public-named': 'Anyone sees the car and your name as its owner.',
};

/** Adds (car null) or edits a car; rendered only while open, so each opening starts afresh. */
export function CarEditor({ car, onClose, onSaved }: { car: Car | null; onClose: () => void; onSaved: (id: number) => void }) {
  const styles = useBodyStyles();
  const saveCar = useSaveCar();
  const { user } = useSession();
  const canChooseOwner = user !== null && hasPermission(user.permissions, 'member');
  const [photos, setPhotos] = useState<ListedPhoto[]>(() => (car?.photos ?? []).map((url) => ({ key: photoKey(), kind: 'kept', url })));
  const [history, setHistory] = useState<HistoryRow[]>(() =>
    (car?.history ?? []).map((row) => ({
      key: photoKey(),
      owner: row.owner,
      from: row.from === null ? '' : String(row.from),
      to: row.to === null ? '' : String(row.to),
    })),
  );
  // Asks before ×, Cancel or Escape drop what was typed; photos and owner rows change by buttons, not typing.
  const editor = useGuardedEditor(onClose);
  const changePhotos = (next: ListedPhoto[]) => {
    setPhotos(next);
    editor.onDirtyChange(true);
  };
  const changeHistory = (next: HistoryRow[]) => {
    setHistory(next);
    editor.onDirtyChange(true);
  };
  const setRow = (key: string, change: Partial<HistoryRow>) => changeHistory(history.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const styleChoices = [
    ...(styles.data?.styles ?? []),
    ...(car && car.bodyStyle !== '' && !(styles.data?.styles ?? []).includes(car.bodyStyle) ? [car.bodyStyle] : []),
  ];

  async function save(data: FormData) {
    const text = (name: string) => String(data.get(name) ?? '');
    const owner = text('ownerId');
    return saveCar.mutateAsync({
      id: car?.id ?? 0,
      ...(canChooseOwner && /^\d+$/.test(owner) ? { ownerId: Number(owner) } : {}),
      year: text('year'),
      bodyStyle: text('bodyStyle'),
      colour: text('colour'),
      name: text('name'),
      story: text('story'),
      engineNumber: text('engineNumber'),
      serial: text('serial'),
      visibility: text('visibility') as CarVisibility,
      keptPhotos: photos.flatMap((photo) => (photo.kind === 'kept' ? [photo.url] : [])),
      newPhotos: photos.flatMap((photo) => (photo.kind === 'new' ? [photo.file] : [])),
      history,
    });
  }

  return (
    <>
      <Dialog title={car ? `Edit ${carTitleOf(car)}` : 'Add a Car'} isOpen onClose={editor.close}>
        <Form
          aria-label={car ? 'Edit car' : 'Add car'}
          className="car-form"
          onSubmit={save}
          onSuccess={onSaved}
          onDirtyChange={editor.onDirtyChange}
          actions={
            <button type="button" className="button" onClick={editor.close}>
              Cancel
            </button>
          }
        >
          <div className="car-form__grid">
            <FormField
              label="Year"
              name="year"
              type="number"
              inputMode="numeric"
              min={FIRST_CAR_YEAR}
              max={lastCarYear()}
              step={1}
              required
              defaultValue={car?.year === null || car === null ? '' : String(car.year)}
              data-autofocus
            />
            <FieldFrame label="Body style" name="bodyStyle" required>
              {(control) => (
                <select className="form-field__input" {...control} name="bodyStyle" required defaultValue={car?.bodyStyle ?? ''}>
                  <option value="">Choose a body style</option>
                  {styleChoices.map((style) => (
                    <option key={style} value={style}>
                      {style}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            {canChooseOwner && user !== null && <OwnerPicker car={car} currentUser={{ id: user.id, name: user.name }} />}
            <FormField label="Colour" name="colour" maxLength={60} defaultValue={car?.colour ?? ''} autoComplete="off" />
            <FormField label="Name" name="name" maxLength={100} defaultValue={car?.name ?? ''} hint="If the car has one, like “Betsy”." autoComplete="off" />
            <FormField
              label="Engine number"
              name="engineNumber"
              maxLength={30}
              defaultValue={car?.engineNumber ?? ''}
              hint="Members only: never shown to visitors."
              autoComplete="off"
            />
            <FormField
              label="Serial"
              name="serial"
              maxLength={30}
              defaultValue={car?.serial ?? ''}
              hint="Members only: never shown to visitors."
              autoComplete="off"
            />
          </div>
          <RadioChoices
            className="car-form__visibility"
            legend="Who may see this car?"
            name="visibility"
            choices={CAR_VISIBILITIES.map((visibility) => ({ value: visibility, label: visibilityLabelOf(visibility), hint: VISIBILITY_HINTS[visibility] }))}
            defaultValue={car?.visibility ?? 'members'}
          />
          <TextAreaField
            label="Story"
            name="story"
            rows={6}
            maxLength={CAR_STORY_MAX}
            defaultValue={car?.story ?? ''}
            hint="Where it was found, how it was restored, who drove it. Leave a blank line between paragraphs."
          />
          <PhotoListField photos={photos} onChange={changePhotos} max={CAR_MAX_PHOTOS} what="car" />
          <fieldset className="car-history">
            <legend>Earlier owners</legend>
            <p className="form-field__hint">Oldest first. They need not have been members; a year may be left blank if nobody knows it.</p>
            {history.length > 0 && (
              <ol className="car-history__rows">
                {history.map((row, n) => (
                  <li key={row.key} className="car-history__row">
                    <FormField
                      label={`Name of owner ${n + 1}`}
                      name={`history-owner-${n}`}
                      maxLength={120}
                      value={row.owner}
                      onChange={(event) => setRow(row.key, { owner: event.target.value })}
                      required
                      autoComplete="off"
                    />
                    <FormField
                      label="From"
                      name={`history-from-${n}`}
                      type="number"
                      inputMode="numeric"
                      min={FIRST_CAR_YEAR}
                      max={lastCarYear()}
                      value={row.from}
                      onChange={(event) => setRow(row.key, { from: event.target.value })}
                    />
                    <FormField
                      label="To"
                      name={`history-to-${n}`}
                      type="number"
                      inputMode="numeric"
                      min={FIRST_CAR_YEAR}
                      max={lastCarYear()}
                      value={row.to}
                      onChange={(event) => setRow(row.key, { to: event.target.value })}
                    />
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Remove owner ${n + 1}`}
                      onClick={() => changeHistory(history.filter((r) => r.key !== row.key))}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ol>
            )}
            <button type="button" className="button" onClick={() => changeHistory([...history, { key: photoKey(), owner: '', from: '', to: '' }])}>
              Add an earlier owner
            </button>
          </fieldset>
        </Form>
      </Dialog>
      {editor.dialog}
    </>
  );
}
