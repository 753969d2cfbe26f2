import type { MemberRow } from '@club/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { fullNameOf } from './member-rules.ts';
import { useDeleteMember } from './api/members.ts';

export type DeleteMemberDialogProps = {
  member: MemberRow;
  onClose: () => void;
  onDeleted: () => void;
};

/** Asks before deleting, as a deleted member cannot be brought back. */
export function DeleteMemberDialog({ member, onClose, onDeleted }: DeleteMemberDialogProps) {
  const name = fullNameOf(member);
  const deleteMember = useDeleteMember();
  return (
    <ConfirmDeleteDialog
      title="Delete Member"
      question={
        <>
          Are you sure you want to delete <strong>{name}</strong>? They will be removed from the member list and can no longer log in. This cannot be undone; to
          keep their record, edit them and untick &ldquo;Enabled&rdquo; instead.
        </>
      }
      confirmLabel={`Delete ${name}`}
      onConfirm={() => deleteMember.mutateAsync({ body: { id: member.id } })}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
