import { Dialog } from './dialog.tsx';

export type ErrorDialogProps = {
  /** The message to show; null keeps the dialog closed. */
  message: string | null;
  onClose: () => void;
};

/** The spec's "dialog titled Error" for server errors of events, contact, attendance and blog saves. */
export function ErrorDialog({ message, onClose }: ErrorDialogProps) {
  return (
    <Dialog
      title="Error"
      isOpen={message !== null}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          OK
        </button>
      }
    >
      <p className="dialog__message">{message}</p>
    </Dialog>
  );
}
