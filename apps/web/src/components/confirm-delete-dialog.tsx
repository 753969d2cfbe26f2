import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../api/client.ts';
import { Dialog } from './dialog.tsx';
import { Loading } from './loading.tsx';
import './form.css';

export type ConfirmDeleteDialogProps = {
  title: string;
  /** What will be deleted, and that it cannot be undone. */
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  onDeleted: () => void;
};

/**
 * Asks before a deletion, which cannot be undone: the danger button runs `onConfirm`, Cancel (focused
 * first) closes, and a refusal from the server shows in the dialog so the member can try again.
 */
export function ConfirmDeleteDialog({ title, question, confirmLabel, onConfirm, onClose, onDeleted }: ConfirmDeleteDialogProps) {
  const [isDeleting, setIsDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setIsDeleting(true);
    setError(null);
    try {
      await onConfirm();
      onDeleted();
    } catch (caught) {
      setError(errorMessageOf(caught));
      setIsDeleting(false);
    }
  }

  return (
    <Dialog
      title={title}
      isOpen
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--danger" disabled={isDeleting} onClick={() => void confirm()}>
            {confirmLabel}
          </button>
          <button type="button" className="button" onClick={onClose} data-autofocus>
            Cancel
          </button>
          {isDeleting && <Loading isInline label="Deleting…" />}
        </>
      }
    >
      <p className="dialog__message">{question}</p>
      {error !== null && (
        <p className="form__message form__message--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
