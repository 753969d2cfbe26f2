import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

export type DialogProps = {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown under the content, e.g. OK or Cancel. */
  footer?: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Put `data-autofocus` on the element that should take focus when the dialog opens (the login form spells it out). */
const AUTOFOCUS_ATTRIBUTE = 'data-autofocus';

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert and
 * the browser handles Escape. Tab also wraps inside, since browsers otherwise let focus
 * wander into their own toolbar. Focus returns to whatever opened it.
 */
export function Dialog({ title, isOpen, onClose, children, footer }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (isOpen && !dialog.open) {
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>(`[${AUTOFOCUS_ATTRIBUTE}]`)?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  useEffect(
    () => () => {
      // Pages mount most dialogs only while open, so closing one usually unmounts it: no close
      // event arrives then, and the ref is already gone, so hand focus back from what we kept.
      restoreFocus(returnFocusRef.current);
      returnFocusRef.current = null;
    },
    [],
  );

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // React passes a nested dialog's cancel up to this one too: Escape closes only the top one.
        if (event.target !== event.currentTarget) return;
        // Let React state own open/closed; the parent decides whether to close.
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        restoreFocus(returnFocusRef.current);
        returnFocusRef.current = null;
      }}
    >
      {isOpen && (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" onClick={onClose} aria-label="Close">
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="dialog__body">{children}</div>
          {footer !== undefined && <footer className="dialog__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (first === undefined || last === undefined) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function restoreFocus(element: HTMLElement | null): void {
  if (element !== null && element.isConnected) element.focus();
}
