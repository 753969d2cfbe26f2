import type { Member, Permission } from '@club/contracts';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CallResponse } from '../../api/client.ts';
import { QueryState } from '../../components/query-state.tsx';
import { useSession } from '../../session/index.ts';
import { countOf } from '../../lib/plural.ts';
import { CopyEmailButton, CopyEmailResult, useCopyEmailList } from './copy-email-list.tsx';
import { DeleteMemberDialog } from './delete-member-dialog.tsx';
import { MemberCard } from './member-card.tsx';
import { MemberDialog } from './member-dialog.tsx';
import { filterByPermission, groupHouseholds, matchesSearch } from './member-rules.ts';
import './members.css';
import { useMembers } from './api/members.ts';

/** The show-permissions filter leaves out Forum, which most members hold. */
const UNFILTERED_PERMISSION: Permission = 'forum';

type Editing = { kind: 'none' } | { kind: 'edit'; member: Member | null } | { kind: 'delete'; member: Member };

/** The member list with search; editors add, edit and delete; admins also filter by permission and copy addresses. */
export function MemberDirectory({ attendedThisYear }: { attendedThisYear?: ReadonlyMap<number, number> }) {
  const members = useMembers();
  return (
    <QueryState query={members} what="the member list" loadingLabel="Loading the member list…">
      {(list) => <MemberDirectoryView list={list} attendedThisYear={attendedThisYear} />}
    </QueryState>
  );
}

function MemberDirectoryView({ list, attendedThisYear }: { list: CallResponse<'members.get'>; attendedThisYear?: ReadonlyMap<number, number> }) {
  const { user, can } = useSession();
  // A member found by the site search opens here with their name already searched for.
  const [search, setSearch] = useState(() => new URLSearchParams(window.location.search).get('search') ?? '');
  const deferredSearch = useDeferredValue(search);
  const [permission, setPermission] = useState<Permission | ''>('');
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [status, setStatus] = useState('');
  const shouldFocusStatusRef = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const searchId = useId();
  const filterId = useId();
  const copyEmails = useCopyEmailList(list.m);

  useEffect(() => {
    // After a delete the card (and the button that opened the dialog) is gone: focus the message.
    if (!shouldFocusStatusRef.current || status === '') return;
    shouldFocusStatusRef.current = false;
    statusRef.current?.focus();
  }, [status]);

  const isAdmin = can('admin');
  const canEdit = can('member');
  const pairs = list.p;
  const labels = useMemo(() => new Map(pairs), [pairs]);
  const shown = useMemo(
    () => filterByPermission(list.m, isAdmin ? permission : '').filter((m) => matchesSearch(m, deferredSearch)),
    [list, permission, isAdmin, deferredSearch],
  );

  // Partners who share an address and a last name are shown together ("John & Mary Smith").
  const entries = useMemo(() => groupHouseholds(shown), [shown]);
  const renderCard = (member: Member, headingLevel: 2 | 3) => (
    <MemberCard
      key={member.id}
      member={member}
      permissionLabels={labels}
      isPermissionShown={isAdmin}
      attendedThisYear={isAdmin ? (attendedThisYear?.get(member.id) ?? 0) : undefined}
      canEdit={canEdit}
      headingLevel={headingLevel}
      onEdit={(m) => {
        setStatus('');
        setEditing({ kind: 'edit', member: m });
      }}
      onDelete={(m) => {
        setStatus('');
        setEditing({ kind: 'delete', member: m });
      }}
    />
  );

  const all = list.m;
  const enabledCount = all.filter((m) => m.enabled).length;
  const permissionLabel = permission === '' ? '' : (labels.get(permission) ?? permission);

  return (
    <>
      <div className="member-tools">
        <div className="member-tools__search">
          <label htmlFor={searchId}>Search members</label>
          <input
            id={searchId}
            className="form-field__input"
            type="search"
            value={search}
            placeholder="Name, city or car"
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        {isAdmin && (
          <div className="member-tools__filter">
            <label htmlFor={filterId}>Show permission</label>
            <select
              id={filterId}
              className="form-field__input"
              value={permission}
              onChange={(event) => setPermission(event.currentTarget.value as Permission | '')}
            >
              <option value="">Everyone</option>
              {pairs
                .filter(([name]) => name !== UNFILTERED_PERMISSION)
                .map(([name, label]) => (
                  <option key={name} value={name}>
                    {label}
                  </option>
                ))}
            </select>
          </div>
        )}
        <div className="member-tools__actions">
          {canEdit && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setStatus('');
                setEditing({ kind: 'edit', member: null });
              }}
            >
              Add Member
            </button>
          )}
          {isAdmin && <CopyEmailButton onCopy={() => void copyEmails.copy()} />}
        </div>
      </div>
      <CopyEmailResult state={copyEmails.state} onDone={copyEmails.clear} />

      <div aria-live="polite">
        {status !== '' && (
          <p ref={statusRef} className="form__message form__message--success" tabIndex={-1}>
            {status}
          </p>
        )}
      </div>
      <p className="member-count" aria-live="polite">
        {shown.length === all.length
          ? `${countOf(all.length, 'member')}, ${enabledCount} of them enabled.`
          : `Showing ${shown.length} of ${countOf(all.length, 'member')}${permissionLabel !== '' ? ` with ${permissionLabel}` : ''}.`}
      </p>

      {shown.length === 0 ? (
        <p>No member matches. Try fewer or other words.</p>
      ) : (
        <ul className="member-list" aria-label="Members">
          {entries.map((entry) =>
            entry.kind === 'member' ? (
              renderCard(entry.member, 2)
            ) : (
              <li key={`household-${entry.key}`} className="member-household" aria-labelledby={`household-${entry.members[0]?.id ?? 0}`}>
                <h2 className="member-household__name" id={`household-${entry.members[0]?.id ?? 0}`}>
                  {entry.name}
                </h2>
                <ul className="member-list member-household__members" aria-label={`Household: ${entry.name}`}>
                  {entry.members.map((member) => renderCard(member, 3))}
                </ul>
              </li>
            ),
          )}
        </ul>
      )}

      {editing.kind === 'edit' && user !== null && (
        <MemberDialog
          member={editing.member}
          permissionPairs={pairs}
          isAdmin={isAdmin}
          currentUserId={user.id}
          onClose={() => setEditing({ kind: 'none' })}
          onSaved={() => {
            setEditing({ kind: 'none' });
            // The save resolves once the list shows the change, so what the member reads matches what they see.
            setStatus('Successfully Saved');
          }}
          onErased={() => {
            setEditing({ kind: 'none' });
            shouldFocusStatusRef.current = true;
            setStatus('Deleted the member and all their data');
          }}
        />
      )}
      {editing.kind === 'delete' && (
        <DeleteMemberDialog
          member={editing.member}
          onClose={() => setEditing({ kind: 'none' })}
          onDeleted={() => {
            setEditing({ kind: 'none' });
            shouldFocusStatusRef.current = true;
            setStatus('Successfully Deleted');
          }}
        />
      )}
    </>
  );
}
