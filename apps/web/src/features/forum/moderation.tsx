import { useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';
import { useModeration, type ForumTarget } from './api/moderate.ts';

export type ApproveButtonProps = { target: ForumTarget; label: string; onApproved: () => void };

/** Approves at once: nothing is lost, and a moderator can still delete afterwards. */
export function ApproveButton({ target, label, onApproved }: ApproveButtonProps) {
  const { approve } = useModeration();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        aria-disabled={state.busy || undefined}
        onClick={() => {
          if (state.busy) return;
          setState({ busy: true, error: null });
          approve(target).then(onApproved, (error: unknown) => setState({ busy: false, error: errorMessageOf(error) }));
        }}
      >
        {label}
      </button>
      {state.busy && <Loading isInline label="Approving…" />}
      {state.error !== null && (
        <p className="form__message form__message--error" role="alert">
          {state.error}
        </p>
      )}
    </>
  );
}
