import { useState } from 'react';
import { useCallMutation } from '../../api/call-query.ts';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';

export type ForumTarget = { kind: 'thread' | 'post'; id: number };

const toUpdateBody = (target: ForumTarget, action: 'a' | 'd') =>
  target.kind === 'thread' ? { t: target.id, [action]: 1 } : { p: target.id, [action]: 1 };

/** Approves or deletes a thread or a reply; every forum read is reloaded afterwards. */
export function useModeration({ reload = true }: { reload?: boolean } = {}) {
  const update = useCallMutation('forum.update', { invalidates: reload ? ['forum.get'] : [] });
  return {
    approve: (target: ForumTarget) => update.mutateAsync({ body: toUpdateBody(target, 'a') }),
    remove: (target: ForumTarget) => update.mutateAsync({ body: toUpdateBody(target, 'd') }),
  };
}

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
