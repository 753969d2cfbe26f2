import type { MemberRow, Permission } from '@club/contracts';
import { useId, useState } from 'react';
import type { CallBody, CallFiles } from '../../api/client.ts';
import { Dialog } from '../../components/dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ImagePicker, KEEP_IMAGE, type ImageChoice } from '../../components/image-picker/image-picker.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { useGuardedEditor } from '../../components/unsaved-changes.tsx';
import { Link } from 'react-router';
import { PATHS, carPath } from '../../lib/paths.ts';
import { MemberDataSection } from './member-data-section.tsx';
import { fullNameOf } from './member-rules.ts';
import { useSaveMember } from './api/members.ts';

export type MemberDialogProps = {
  /** The member to edit, or null to add one. */
  member: MemberRow | null;
  permissionPairs: [Permission, string][];
  isAdmin: boolean;
  currentUserId: number;
  onClose: () => void;
  onSaved: (saved: { id: number; isOwnRecord: boolean }) => void;
  /** After an administrator deleted the member with all their data. */
  onErased: () => void;
};

const FIELDS = {
  o: 'flag',
  fn: 'text',
  l: 'text',
  displayName: 'text',
  e: 'text',
  p: 'text',
  a: 'text',
  c: 'text',
  s: 'text',
  z: 'text',
  perm: 'list',
  invite: 'flag',
} as const;

/** Adds or edits one member; rendered only while open, so each opening starts afresh. */
export function MemberDialog({ member, permissionPairs, isAdmin, currentUserId, onClose, onSaved, onErased }: MemberDialogProps) {
  const isNew = member === null;
  const isOwnRecord = member?.id === currentUserId;
  const [photo, setPhoto] = useState<ImageChoice>(KEEP_IMAGE);
  const enabledHintId = useId();
  const saveMember = useSaveMember(isOwnRecord);
  const editor = useGuardedEditor(onClose);

  async function save(data: FormData) {
    const { o, perm, invite, ...fields } = readForm(data, FIELDS);
    const body: CallBody<'member.save'> = {
      i: member?.id ?? 0,
      // A member's own record is always enabled; its checkbox is disabled and so not in the form data.
      o: isOwnRecord ? 1 : o,
      ...fields,
      // Cars are kept in the registry, each edited on its own page; this form leaves them alone.
      keepCars: 1,
      // The server checks each against the permission list.
      ...(isAdmin ? { perm: perm as Permission[] } : {}),
      ...(isNew ? { invite } : {}),
    };
    let files: CallFiles | undefined;
    if (photo.kind === 'new') {
      files = { f: photo.file };
      if (photo.crop) body.ic = photo.crop;
    } else if (photo.kind === 'remove') {
      body.img = '';
    }
    return saveMember.mutateAsync({ body, files });
  }

  return (
    <>
      <Dialog title={isNew ? 'Add Member' : `Edit ${fullNameOf(member)}`} isOpen onClose={editor.close}>
        <Form
          aria-label={isNew ? 'Add member' : 'Edit member'}
          onDirtyChange={editor.onDirtyChange}
          className="member-form"
          onSubmit={save}
          onSuccess={(reply) => onSaved({ id: reply.i, isOwnRecord })}
          actions={
            <button type="button" className="button" onClick={editor.close}>
              Cancel
            </button>
          }
        >
          <div className="member-form__grid">
            <FormField label="First name" name="fn" defaultValue={member?.first_name ?? ''} maxLength={100} required data-autofocus autoComplete="off" />
            <FormField label="Last name" name="l" defaultValue={member?.last_name ?? ''} maxLength={100} required autoComplete="off" />
            <FormField
              label="Display name"
              name="displayName"
              defaultValue={member?.display_name ?? ''}
              maxLength={100}
              hint="How the name appears on events and the forum; leave blank for the full name."
              autoComplete="off"
            />
            <FormField label="E-mail address" name="e" type="email" defaultValue={member?.email ?? ''} maxLength={254} required autoComplete="off" />
            <FormField label="Phone" name="p" type="tel" defaultValue={member?.phone ?? ''} maxLength={50} autoComplete="off" />
            <FormField label="Address" name="a" defaultValue={member?.address ?? ''} maxLength={200} autoComplete="off" />
            <FormField label="City" name="c" defaultValue={member?.city ?? ''} maxLength={100} autoComplete="off" />
            <div className="member-form__pair">
              <FormField label="State" name="s" defaultValue={member?.state ?? ''} maxLength={50} autoComplete="off" />
              <FormField label="ZIP" name="z" defaultValue={member?.zip ?? ''} maxLength={20} inputMode="numeric" autoComplete="off" />
            </div>
          </div>
          <RegistryCars member={member} />
          <fieldset>
            <legend>Photo</legend>
            <ImagePicker
              label={member?.imageUrl ? 'New photo (JPEG)' : 'Photo (JPEG)'}
              currentUrl={member?.imageUrl ?? ''}
              currentAlt="The member’s current photo"
              choice={photo}
              onChange={setPhoto}
              hasSquareCrop
              removal="on-save"
            />
          </fieldset>
          <div className="checkbox-field">
            <input
              id="member-enabled"
              type="checkbox"
              name="o"
              defaultChecked={member?.enabled ?? true}
              disabled={isOwnRecord}
              aria-describedby={enabledHintId}
            />
            <label htmlFor="member-enabled">Enabled</label>
            <p id={enabledHintId} className="form-field__hint">
              {isOwnRecord ? 'Your own record is always enabled.' : 'A disabled member cannot log in and is shown struck through in the list.'}
            </p>
          </div>
          {isAdmin && (
            <fieldset className="permissions-field">
              <legend>Permissions</legend>
              {permissionPairs.map(([permission, label]) => (
                <div className="checkbox-field" key={permission}>
                  <input
                    id={`perm-${permission}`}
                    type="checkbox"
                    name="perm"
                    value={permission}
                    defaultChecked={member?.permissions.includes(permission) ?? false}
                  />
                  <label htmlFor={`perm-${permission}`}>{label}</label>
                </div>
              ))}
            </fieldset>
          )}
          {isNew && (
            <div className="checkbox-field">
              <input id="member-invite" type="checkbox" name="invite" defaultChecked />
              <label htmlFor="member-invite">Send an e-mail inviting them to set their password</label>
              <p className="form-field__hint">Without it, they can set a password later with &ldquo;Forgot your password?&rdquo; on the Member Login page.</p>
            </div>
          )}
          {isAdmin && member !== null && !isOwnRecord && <MemberDataSection member={member} onErased={onErased} />}
        </Form>
      </Dialog>
      {editor.dialog}
    </>
  );
}

/** The member's cars in the registry, each a link to its page (where its owner or a member editor edits it). */
function RegistryCars({ member }: { member: MemberRow | null }) {
  const headingId = useId();
  const cars = member?.carLinks ?? [];
  return (
    <section className="member-cars" aria-labelledby={headingId}>
      <h3 id={headingId} className="member-cars__title">
        Cars in the registry
      </h3>
      {cars.length === 0 ? (
        <p className="member-cars__empty">{member === null ? 'None yet.' : 'None.'}</p>
      ) : (
        <ul className="member-cars__list">
          {cars.map((car) => (
            <li key={car.id}>
              <Link to={carPath(car.id)}>{car.label}</Link>
            </li>
          ))}
        </ul>
      )}
      <p className="form-field__hint">
        Cars are added and edited in the <Link to={PATHS.registry}>registry</Link>: “Add a car” there lets a member editor choose the owner.
      </p>
    </section>
  );
}
