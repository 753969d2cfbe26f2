import type { Member } from '@club/contracts';
import { useState } from 'react';
import { useCallMutation } from '../../api/call-query.ts';
import { errorMessageOf } from '../../api/client.ts';
import { Dialog } from '../../components/dialog.tsx';
import { Loading } from '../../components/loading.tsx';
import { fullNameOf } from './member-rules.ts';

export type DeleteMemberDialogProps = {
  member: Member;
  onClose: () => void;
  onDeleted: () => void;
};

/** Asks before deleting, as a deleted member cannot be brought back. */
export function DeleteMemberDialog({ member, onClose, onDeleted }: DeleteMemberDialogProps) {
  const [isDeleting, setIsDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = fullNameOf(member);
  const deleteMember = useCallMutation('member.delete', { invalidates: ['members.get'] });

  async function remove() {
    setIsDeleting(true);
    setError(null);
    try {
      await deleteMember.mutateAsync({ body: { id: member.id } });
      onDeleted();
    } catch (caught) {
      setError(errorMessageOf(caught));
      setIsDeleting(false);
    }
  }

  return (
    <Dialog
      title="Delete Member"
      isOpen
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--danger" disabled={isDeleting} onClick={() => void remove()}>
            Delete {name}
          </button>
          <button type="button" className="button" onClick={onClose} data-autofocus>
            Cancel
          </button>
          {isDeleting && <Loading isInline label="Deleting…" />}
        </>
      }
    >
      <p>
        Are you sure you want to delete <strong>{name}</strong>? They will be removed from the member list and can no longer
        log in. This cannot be undone; to keep their record, edit them and untick &ldquo;Enabled&rdquo; instead.
      </p>
      {error !== null && (
        <p className="form__message form__message--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
