import type { StartupParty } from '@club/contracts';
import { useState } from 'react';
import { PageFrame } from '../components/page-frame.tsx';
import { IdeaBox } from '../features/history/idea-box.tsx';
import { QueryState } from '../components/query-state.tsx';
import { StartupPartyDialog } from '../features/history/startup-party-dialog.tsx';
import { StartupPartyList } from '../features/history/startup-party-list.tsx';
import { useStartupParties } from '../features/history/api/startup-parties.ts';
import { useSession } from '../session/index.ts';

type Editing = { party: StartupParty | null } | undefined;

export function StartUpPartiesPage() {
  const { can } = useSession();
  const canEdit = can('history');
  const parties = useStartupParties();
  const [editing, setEditing] = useState<Editing>(undefined);

  return (
    <PageFrame
      title="Start-up Parties"
      lede="When a member brings home a car that has sat for years, the club turns out with tools, parts and a covered dish to get it running again."
    >
      {canEdit && (
        <div className="history-toolbar">
          <button type="button" className="button button--primary" onClick={() => setEditing({ party: null })}>
            Add Start-up Party
          </button>
          <p className="history-toolbar__hint">Choose a party&rsquo;s title to change its details.</p>
        </div>
      )}
      <QueryState query={parties} what="the start-up parties">
        {({ p }) => <StartupPartyList parties={p} onEdit={canEdit ? (party) => setEditing({ party }) : undefined} />}
      </QueryState>
      {editing !== undefined && <StartupPartyDialog party={editing.party} onClose={() => setEditing(undefined)} />}
      <IdeaBox />
    </PageFrame>
  );
}
