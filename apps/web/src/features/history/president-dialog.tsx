import type { President } from '@club/contracts';
import { useState } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { Form } from '../../components/form.tsx';
import { readForm } from '../../components/form-values.ts';
import { loadContractCheck } from '../../components/load-contract-check.ts';
import { useSavePresident } from './api/presidents.ts';
import { HistoryEditorDialog, useHistoryEditor, YearField } from './history-editor-dialog.tsx';
import './history.css';

const FIELDS = { y: 'text', n: 'text' } as const;

export type PresidentDialogProps = {
  /** The president to edit, or null to add one. */
  president: President | null;
  defaultYear: number;
  onClose: () => void;
};

/** Adds or edits one president; rendered only while open, so each opening starts afresh. */
export function PresidentDialog({ president, defaultYear, onClose }: PresidentDialogProps) {
  // After the first save of a new president, later saves must update it, not add it twice.
  const [savedId, setSavedId] = useState(president?.id ?? 0);
  const save = useSavePresident();
  const editor = useHistoryEditor(onClose);
  return (
    <HistoryEditorDialog title={savedId === 0 ? 'Add President' : 'Edit President'} editor={editor}>
      <Form
        onDirtyChange={editor.onDirtyChange}
        preload={loadContractCheck}
        aria-label="President"
        noValidate
        validate={async (data) => (await loadContractCheck()).contractFieldErrors('president.save', readForm(data, FIELDS))}
        onSubmit={(data) => save.mutateAsync({ body: { i: savedId, ...readForm(data, FIELDS) } })}
        onSuccess={(reply) => {
          setSavedId(reply.i);
        }}
        actions={editor.closeAction}
      >
        <YearField year={president?.year ?? defaultYear} />
        <FormField label="Name" name="n" autoComplete="off" defaultValue={president?.name ?? ''} required maxLength={200} />
      </Form>
    </HistoryEditorDialog>
  );
}
