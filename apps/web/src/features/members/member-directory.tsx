import type { MemberRow } from '@club/contracts';
import { MEMBER_SORT_LABELS, MEMBER_SORTS, MEMBERS_PAGE_SIZE, PERMISSION_LABELS, PERMISSIONS, type MemberSort, type Permission } from '@club/contracts/plain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ListChoiceField, ListSearchField } from '../../components/list-tools.tsx';
import { PageNumbers } from '../../components/pager.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useSession } from '../../session/index.ts';
import { countOf } from '../../lib/plural.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { usePageChoice } from '../../lib/use-page-choice.ts';
import { CopyEmailButton, CopyEmailResult, useCopyEmailList } from './copy-email-list.tsx';
import { DeleteMemberDialog } from './delete-member-dialog.tsx';
import { MemberCard } from './member-card.tsx';
import { groupRows } from './member-rules.ts';
import './members.css';
import { useFetchEmailList, useMemberPage } from './api/members.ts';
import { loadWhenShown } from '../../components/load-when-shown.tsx';

// The member editor (with its photo picker) loads when opened.
const MemberDialog = loadWhenShown(() => import('./member-dialog.tsx').then((m) => m.MemberDialog));

/** The show-permissions filter leaves out Forum, which most members hold. */
const UNFILTERED_PERMISSION: Permission = 'forum';
/** Every permission with its label, in the order the member editor shows them. */
const PERMISSION_PAIRS = PERMISSIONS.map((p): [Permission, string] => [p, PERMISSION_LABELS[p]]);
/** The admin's permission filter: everyone, or each permission but the one every member has. */
const PERMISSION_FILTER_OPTIONS: readonly (readonly [Permission | '', string])[] = [
  ['', 'Everyone'],
  ...PERMISSION_PAIRS.filter(([name]) => name !== UNFILTERED_PERMISSION),
];
const MEMBER_SORT_OPTIONS = MEMBER_SORTS.map((choice) => [choice, MEMBER_SORT_LABELS[choice]] as const);
/** How long the search waits for a pause in the typing before it asks the server. */
const SEARCH_DELAY_MS = 250;
const isBlank = (text: string) => text.trim() === '';

type Editing = { kind: 'none' } | { kind: 'edit'; member: MemberRow | null } | { kind: 'delete'; member: MemberRow };

/**
 * The member list: a page at a time, searched, filtered and sorted by the server; editors add,
 * edit and delete; admins also filter by permission and copy addresses.
 */
export function MemberDirectory({ attendedThisYear }: { attendedThisYear?: ReadonlyMap<number, number> }) {
  const { user, can } = useSession();
  // A member found by the site search opens here with their name already searched for.
  const [search, setSearch] = useState(() => new URLSearchParams(window.location.search).get('search') ?? '');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS, isBlank);
  const [permission, setPermission] = useState<Permission | ''>('');
  const [sort, setSort] = useState<MemberSort>('last');
  // The page belongs to the search it was chosen in: a new search, filter or order starts at page 1
  // (also when it comes back to an earlier one: each change below forgets the page).
  const { page, forgetPage, toPage, topRef: countRef } = usePageChoice<HTMLParagraphElement>(JSON.stringify([settledSearch.trim(), permission, sort]));
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [status, setStatus] = useState('');
  const shouldFocusStatusRef = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const isAdmin = can('admin');
  const canEdit = can('member');
  const copyEmails = useCopyEmailList(useFetchEmailList());
  const members = useMemberPage({ search: settledSearch, permission: isAdmin ? permission : '', sort, page });

  useEffect(() => {
    // After a delete the card (and the button that opened the dialog) is gone: focus the message.
    if (!shouldFocusStatusRef.current || status === '') return;
    shouldFocusStatusRef.current = false;
    statusRef.current?.focus();
  }, [status]);

  const labels = useMemo(() => new Map(PERMISSION_PAIRS), []);
  const renderCard = (member: MemberRow, headingLevel: 2 | 3) => (
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

  const permissionLabel = permission === '' ? '' : (labels.get(permission) ?? permission);

  return (
    <>
      <div className="member-tools">
        <ListSearchField
          className="member-tools__search"
          label="Search members"
          placeholder="Name, city or car"
          value={search}
          onChange={(value) => {
            setSearch(value);
            forgetPage();
          }}
        />
        <ListChoiceField
          className="member-tools__filter"
          label="Sort by"
          value={sort}
          options={MEMBER_SORT_OPTIONS}
          onChange={(value) => {
            setSort(value);
            forgetPage();
          }}
        />
        {isAdmin && (
          <ListChoiceField
            className="member-tools__filter"
            label="Show permission"
            value={permission}
            options={PERMISSION_FILTER_OPTIONS}
            onChange={(value) => {
              setPermission(value);
              forgetPage();
            }}
          />
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

      <QueryState query={members} what="the member list" loadingLabel="Loading the member list…">
        {({ members: rows, found, entries, total, enabled }) => {
          const pages = Math.max(1, Math.ceil(entries / MEMBERS_PAGE_SIZE));
          const words = settledSearch.trim();
          const isFiltered = words !== '' || (isAdmin && permission !== '');
          // Typed words not yet asked for, or the next answer on its way: the list shown is about to change.
          const isUpdating = members.isPlaceholderData || search.trim() !== words;

          return (
            <>
              <p ref={countRef} className="member-count" aria-live="polite">
                {members.isPlaceholderData
                  ? 'Updating the list…'
                  : isFiltered
                    ? `Showing ${found} of ${countOf(total, 'member')}${words === '' ? '' : ` matching “${words}”`}${permissionLabel !== '' && isAdmin ? ` with ${permissionLabel}` : ''}.`
                    : `${countOf(total, 'member')}, ${enabled} of them enabled.`}
                {!members.isPlaceholderData && pages > 1 && ` Page ${Math.min(page, pages)} of ${pages}.`}
              </p>
              {found === 0 ? (
                <p>No member matches. Try fewer or other words.</p>
              ) : (
                // The page on screen stays, dimmed, while the next one loads.
                <ul className="member-list" aria-label="Members" aria-busy={isUpdating} data-loading={isUpdating || undefined}>
                  {groupRows(rows).map((entry) =>
                    entry.kind === 'member' ? (
                      renderCard(entry.member, 2)
                    ) : (
                      <li key={`household-${entry.key}`} className="member-household" aria-labelledby={`household-${entry.key}`}>
                        <h2 className="member-household__name" id={`household-${entry.key}`}>
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
              {pages > 1 && <PageNumbers label="Pages of members" page={page} pages={pages} onPage={toPage} />}
            </>
          );
        }}
      </QueryState>

      {editing.kind === 'edit' && user !== null && (
        <MemberDialog
          member={editing.member}
          permissionPairs={PERMISSION_PAIRS}
          isAdmin={isAdmin}
          currentUserId={user.id}
          onClose={() => setEditing({ kind: 'none' })}
          onSaved={() => {
            // A new member is shown first: the newest members, without a search or filter.
            if (editing.member === null) {
              forgetPage();
              setSearch('');
              setPermission('');
              setSort('newest');
            }
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
