import type { StartupParty } from '@club/contracts';
import { useState } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { Form } from '../../components/form.tsx';
import { readForm } from '../../components/form-values.ts';
import { loadContractCheck } from '../../components/load-contract-check.ts';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useSaveStartupParty } from './api/startup-parties.ts';
import { HistoryEditorDialog, useHistoryEditor } from './history-editor-dialog.tsx';
import './history.css';

export type StartupPartyDialogProps = {
  /** The party to edit, or null to add one. */
  party: StartupParty | null;
  onClose: () => void;
};

const FIELDS = { n: 'text', o: 'text', m: 'text', y: 'text', s: 'text', x: 'text' } as const;

/** Adds or edits a start-up party; every field is optional, but one must say something. */
export function StartupPartyDialog({ party, onClose }: StartupPartyDialogProps) {
  const [savedId, setSavedId] = useState(party?.id ?? 0);
  const save = useSaveStartupParty();
  const editor = useHistoryEditor(onClose);
  return (
    <HistoryEditorDialog title={savedId === 0 ? 'Add Start-up Party' : 'Edit Start-up Party'} editor={editor}>
      <Form
        onDirtyChange={editor.onDirtyChange}
        preload={loadContractCheck}
        aria-label="Start-up party"
        noValidate
        validate={async (data) => {
          const values = readForm(data, FIELDS);
          if (Object.values(values).every((value) => value === '')) return 'Please fill in at least one detail of the start-up party.';
          // The years idle and the date follow the contract's rules, in its words.
          return (await loadContractCheck()).contractFieldErrors('startupParty.set', values);
        }}
        onSubmit={(data) => save.mutateAsync({ body: { i: savedId, ...readForm(data, FIELDS) } })}
        onSuccess={(reply) => {
          setSavedId(reply.i);
        }}
        actions={editor.closeAction}
      >
        <FormField label="Car's name" name="n" autoComplete="off" defaultValue={party?.name ?? ''} maxLength={200} data-autofocus />
        <FormField label="Owner" name="o" autoComplete="off" defaultValue={party?.owner ?? ''} maxLength={200} />
        <FormField label="Model" name="m" autoComplete="off" defaultValue={party?.model ?? ''} maxLength={200} hint="For example 1930 Tudor Sedan." />
        <FormField
          label="Years idle"
          name="y"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={party?.idleYears === null || party === null ? '' : String(party.idleYears)}
        />
        <FormField label="Date started" name="s" type="date" defaultValue={party?.dateStarted ?? ''} />
        <TextAreaField label="Extra note" name="x" defaultValue={party?.extra ?? ''} maxLength={4000} rows={3} />
      </Form>
    </HistoryEditorDialog>
  );
}
