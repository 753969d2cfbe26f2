import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from './dialog.tsx';

export type UnsavedChangesGuard = {
  /** Runs `proceed` at once when nothing is unsaved; otherwise asks first and runs it only on "Discard changes". */
  confirmDiscard: (proceed: () => void) => void;
  /** The question, rendered by the page while the guard is in use. */
  dialog: ReactNode;
};

/** Whether a click on a link is one the app would handle itself (a plain click to another page of the site). */
function internalLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return link;
}

/**
 * The one "unsaved changes" guard of the site's editors. While `isDirty`:
 * - `confirmDiscard` asks before an action that would drop the edits (View instead of Edit,
 *   another year); Keep editing closes the question and focus returns to the button that asked;
 * - a click on a link to another page of the site asks the same before the page changes (the
 *   site's router runs in declarative mode, where React Router's `useBlocker` is not available,
 *   so links are caught here, before the router sees the click);
 * - reloading or closing the tab gets the browser's own "Leave site?" question.
 */
export function useUnsavedChangesGuard(isDirty: boolean): UnsavedChangesGuard {
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => void) | null>(null);

  const confirmDiscard = useCallback(
    (proceed: () => void) => {
      if (!isDirty) proceed();
      else setPending(() => proceed);
    },
    [isDirty],
  );

  useEffect(() => {
    if (!isDirty) return;
    const askBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const askBeforeLeaving = (event: MouseEvent) => {
      const link = internalLinkOf(event);
      if (link === null) return;
      event.preventDefault();
      const url = new URL(link.href, window.location.href);
      setPending(() => () => void navigate(`${url.pathname}${url.search}${url.hash}`));
    };
    window.addEventListener('beforeunload', askBeforeUnload);
    // Capture, on the document: before the router's own click handler on the root sees it.
    document.addEventListener('click', askBeforeLeaving, true);
    return () => {
      window.removeEventListener('beforeunload', askBeforeUnload);
      document.removeEventListener('click', askBeforeLeaving, true);
    };
  }, [isDirty, navigate]);

  const close = () => setPending(null);
  const dialog =
    pending === null ? null : (
      <Dialog
        title="Unsaved changes"
        isOpen
        onClose={close}
        footer={
          <>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                close();
                pending();
              }}
            >
              Discard changes
            </button>
            <button type="button" className="button" onClick={close} data-autofocus>
              Keep editing
            </button>
          </>
        }
      >
        <p className="dialog__message">Your changes are not saved yet. Discard them, or keep editing and save them first?</p>
      </Dialog>
    );
  return { confirmDiscard, dialog };
}

export type GuardedEditor = {
  /** For the editor's `Form`: it reports when the fields change and when a save kept them. */
  onDirtyChange: (isDirty: boolean) => void;
  /** Closes the editor, asking first while changes are not saved (Close, ×, Escape). */
  close: () => void;
  /** The question, rendered beside the editor. */
  dialog: ReactNode;
};

/** The guard for an editor in a dialog that closes with Close, × or Escape (the history pages). */
export function useGuardedEditor(onClose: () => void): GuardedEditor {
  const [isDirty, setIsDirty] = useState(false);
  const guard = useUnsavedChangesGuard(isDirty);
  return { onDirtyChange: setIsDirty, close: () => guard.confirmDiscard(onClose), dialog: guard.dialog };
}
