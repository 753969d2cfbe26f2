import type { President } from '@club/contracts';
import { useState } from 'react';
import { PageFrame } from '../components/page-frame.tsx';
import { IdeaBox } from '../features/history/idea-box.tsx';
import { QueryState } from '../components/query-state.tsx';
import { nextYear } from '../features/history/history-rules.ts';
import { PresidentDialog } from '../features/history/president-dialog.tsx';
import { PresidentsList } from '../features/history/presidents-list.tsx';
import { usePresidents } from '../features/history/api/presidents.ts';
import { useSession } from '../session/index.ts';

/** Which president the dialog edits: null adds a new one; undefined means it is closed. */
type Editing = { president: President | null } | undefined;

export function PresidentsPage() {
  const { can } = useSession();
  const canEdit = can('history');
  const presidents = usePresidents();
  const [editing, setEditing] = useState<Editing>(undefined);
  const list = presidents.data?.p ?? [];

  return (
    <PageFrame title="Past Club Presidents" lede="Every member who has led the club, from this year back to our founding.">
      {canEdit && (
        <div className="history-toolbar">
          <button type="button" className="button button--primary" onClick={() => setEditing({ president: null })}>
            Add President
          </button>
          <p className="history-toolbar__hint">Choose a president in the list to correct the year or name.</p>
        </div>
      )}
      <QueryState query={presidents} what="the list of presidents">
        {({ p }) => <PresidentsList presidents={p} onEdit={canEdit ? (president) => setEditing({ president }) : undefined} />}
      </QueryState>
      {editing !== undefined && (
        <PresidentDialog president={editing.president} defaultYear={nextYear(list.map((president) => president.year))} onClose={() => setEditing(undefined)} />
      )}
      <IdeaBox />
    </PageFrame>
  );
}
