import type { MemberRow } from '@club/contracts';
import { useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { fullNameOf } from './member-rules.ts';
import { useEraseMember, useExportMemberData } from './api/members.ts';
import '../../components/form.css';

export type MemberDataSectionProps = {
  member: MemberRow;
  /** After the member and their data are gone. */
  onErased: () => void;
};

/** `Henrietta Ford` -> `henrietta-ford`, for the downloaded file's name. */
const fileNameOf = (member: MemberRow) =>
  `member-data-${
    fullNameOf(member)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || member.id
  }.json`;

/**
 * An administrator's answer to a member asking for their data: download it all as JSON, or
 * delete the member with everything the site keeps about them (after a confirmation).
 */
export function MemberDataSection({ member, onErased }: MemberDataSectionProps) {
  const exportData = useExportMemberData();
  const erase = useEraseMember();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = fullNameOf(member);

  async function download() {
    setError(null);
    try {
      const reply = await exportData.mutateAsync({ body: { id: member.id } });
      const url = URL.createObjectURL(new Blob([`${JSON.stringify(reply.d, null, 2)}\n`], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(member);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  }

  return (
    <fieldset className="member-data">
      <legend>Their data</legend>
      <p className="form-field__hint">
        When {name} asks what the site keeps about them, or asks for it to be deleted. Backups keep a deleted member&rsquo;s data until they are pruned.
      </p>
      <div className="member-data__actions">
        <button type="button" className="button" disabled={exportData.isPending} onClick={() => void download()}>
          Download their data
        </button>
        <button type="button" className="button button--danger" onClick={() => setIsConfirming(true)}>
          Delete all their data…
        </button>
      </div>
      {error !== null && (
        <p className="form__message form__message--error" role="alert">
          {error}
        </p>
      )}
      {isConfirming && (
        <ConfirmDeleteDialog
          title="Delete All Their Data"
          question={
            <>
              Are you sure you want to delete <strong>{name}</strong> and everything the site keeps about them: their record, attendance, forum threads (with
              the replies in them) and replies, e-mails to and from them and contact messages from their address? Events and photo posts they added stay,
              without their name. This cannot be undone.
            </>
          }
          confirmLabel={`Delete ${name} and their data`}
          onConfirm={() => erase.mutateAsync({ body: { id: member.id } })}
          onClose={() => setIsConfirming(false)}
          onDeleted={() => {
            setIsConfirming(false);
            onErased();
          }}
        />
      )}
    </fieldset>
  );
}
