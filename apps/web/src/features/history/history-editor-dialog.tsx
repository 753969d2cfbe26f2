import type { ReactNode } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useGuardedEditor, type GuardedEditor } from '../../components/unsaved-changes.tsx';

/**
 * What the president, Shaft Award and start-up party dialogs share: the dialog whose ×, Escape
 * and Close ask before unsaved edits are dropped, the question beside it, the Close action and
 * the year field. Each dialog keeps its own form (fields, checks, what a save sends).
 */
export type HistoryEditor = GuardedEditor & {
  /** The form's Close button (its actions); asks first while edits are unsaved. */
  closeAction: ReactNode;
};

export function useHistoryEditor(onClose: () => void): HistoryEditor {
  const editor = useGuardedEditor(onClose);
  return {
    ...editor,
    closeAction: (
      <button type="button" className="button" onClick={editor.close}>
        Close
      </button>
    ),
  };
}

export function HistoryEditorDialog({ title, editor, children }: { title: string; editor: HistoryEditor; children: ReactNode }) {
  return (
    <>
      <Dialog title={title} isOpen onClose={editor.close}>
        {children}
      </Dialog>
      {editor.dialog}
    </>
  );
}

/** The year a president served or a winner won: the dialog's first field. */
export function YearField({ year }: { year: number }) {
  return <FormField label="Year" name="y" inputMode="numeric" autoComplete="off" defaultValue={String(year)} required data-autofocus />;
}
