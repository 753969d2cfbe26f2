import { useEffect, useId, useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { countOf } from '../../lib/plural.ts';

export type CopyState = { status: 'idle' } | { status: 'copied'; count: number } | { status: 'manual'; text: string } | { status: 'failed'; message: string };

/** How long "Copied …" stays before it goes; it would otherwise sit there stale. */
const COPIED_MESSAGE_MS = 8000;

/**
 * Puts the enabled members' addresses (read from the server when asked) on the clipboard, or
 * shows them to copy by hand. The button sits in the toolbar and the result under it, so the
 * toolbar keeps its shape.
 */
export function useCopyEmailList(fetchEmails: () => Promise<string[]>) {
  const [state, setState] = useState<CopyState>({ status: 'idle' });

  useEffect(() => {
    if (state.status !== 'copied') return;
    const timer = window.setTimeout(() => setState({ status: 'idle' }), COPIED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    let addresses: string[];
    try {
      addresses = await fetchEmails();
    } catch (error) {
      setState({ status: 'failed', message: errorMessageOf(error) });
      return;
    }
    const text = addresses.join(', ');
    try {
      // The clipboard needs a secure page (https or localhost); elsewhere the list is shown instead.
      await navigator.clipboard.writeText(text);
      setState({ status: 'copied', count: addresses.length });
    } catch {
      setState({ status: 'manual', text });
    }
  }

  return { state, copy, clear: () => setState({ status: 'idle' }) };
}

export function CopyEmailButton({ onCopy }: { onCopy: () => void }) {
  return (
    <button type="button" className="button" onClick={onCopy}>
      Copy e-mail list
    </button>
  );
}

export function CopyEmailResult({ state, onDone }: { state: CopyState; onDone: () => void }) {
  const boxId = useId();
  return (
    <>
      <div aria-live="polite" className="copy-emails__status">
        {state.status === 'copied' && (
          <p className="form__message form__message--success">
            Copied {countOf(state.count, 'e-mail address', 'e-mail addresses')} of enabled members to the clipboard. Paste them into the Bcc line of your
            e-mail.
          </p>
        )}
        {state.status === 'failed' && <p className="form__message form__message--error">We could not read the e-mail list: {state.message}</p>}
      </div>
      {state.status === 'manual' && (
        <div className="copy-emails__manual">
          <label htmlFor={boxId}>This browser would not let the page copy; select these addresses and copy them yourself:</label>
          <textarea id={boxId} readOnly rows={4} value={state.text} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button" onClick={onDone}>
            Done
          </button>
        </div>
      )}
    </>
  );
}
