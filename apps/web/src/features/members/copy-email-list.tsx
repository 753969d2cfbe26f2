import type { Member } from '@club/contracts';
import { useId, useState } from 'react';
import { emailListOf } from './member-rules.ts';

type CopyState = { status: 'idle' } | { status: 'copied'; count: number } | { status: 'manual'; text: string };

/** Puts the enabled members' addresses on the clipboard, or shows them to copy by hand. */
export function CopyEmailList({ members }: { members: Member[] }) {
  const [state, setState] = useState<CopyState>({ status: 'idle' });
  const boxId = useId();

  async function copy() {
    const addresses = emailListOf(members);
    const text = addresses.join(', ');
    try {
      // The clipboard needs a secure page (https or localhost); elsewhere the list is shown instead.
      await navigator.clipboard.writeText(text);
      setState({ status: 'copied', count: addresses.length });
    } catch {
      setState({ status: 'manual', text });
    }
  }

  return (
    <div className="copy-emails">
      <button type="button" className="button" onClick={() => void copy()}>
        Copy e-mail list
      </button>
      <div aria-live="polite" className="copy-emails__status">
        {state.status === 'copied' && (
          <p className="form__message form__message--success">
            Copied {state.count} e-mail addresses of enabled members to the clipboard. Paste them into the Bcc line of your
            e-mail.
          </p>
        )}
      </div>
      {state.status === 'manual' && (
        <div className="copy-emails__manual">
          <label htmlFor={boxId}>This browser would not let the page copy; select these addresses and copy them yourself:</label>
          <textarea id={boxId} readOnly rows={4} value={state.text} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}
