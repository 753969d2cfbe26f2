import type { ShaftAwardWinner } from '@club/contracts';
import { useState } from 'react';
import { loadWhenShown } from '../components/load-when-shown.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { IdeaBox } from '../features/history/idea-box.tsx';
import { QueryState } from '../components/query-state.tsx';
import { nextYear } from '../features/history/history-rules.ts';
import { ShaftAwardWinners } from '../features/history/shaft-award-winners.tsx';
import { useShaftAwardWinners } from '../features/history/api/shaft-award.ts';
import { useSession } from '../session/index.ts';

// The editor (its image picker and form) loads when an editor opens it, never for a visitor.
const ShaftAwardDialog = loadWhenShown(() => import('../features/history/shaft-award-dialog.tsx').then((m) => m.ShaftAwardDialog));

type Editing = { winner: ShaftAwardWinner | null } | undefined;

export function ShaftAwardPage() {
  const { can } = useSession();
  const canEdit = can('history');
  const winners = useShaftAwardWinners();
  const [editing, setEditing] = useState<Editing>(undefined);
  const list = winners.data?.w ?? [];

  return (
    <PageFrame title="The Shaft Award">
      <div className="history-intro">
        <p>
          Every December, at the Christmas banquet, the club hands out its most treasured and least wanted prize: the Shaft Award. It goes to the member whose
          car let them down in the most memorable way that year, whether that was a snapped rear axle shaft on the way to a tour, a wheel that went its own way,
          or a fuel tank filled with the wrong thing.
        </p>
        <p>
          The trophy itself is a broken axle shaft bolted to an oak plank. The winner keeps it on display for the year and brings it back, polished, for the
          next banquet. Nominations are taken all year; the stories are usually better than the repairs.
        </p>
      </div>
      {canEdit && (
        <div className="history-toolbar">
          <button type="button" className="button button--primary" onClick={() => setEditing({ winner: null })}>
            Add Winner
          </button>
          <p className="history-toolbar__hint">Choose a recipient to correct the year, name or photo.</p>
        </div>
      )}
      <QueryState query={winners} what="the Shaft Award winners">
        {({ w }) => <ShaftAwardWinners winners={w} onEdit={canEdit ? (winner) => setEditing({ winner }) : undefined} />}
      </QueryState>
      {editing !== undefined && (
        <ShaftAwardDialog winner={editing.winner} defaultYear={nextYear(list.map((winner) => winner.year))} onClose={() => setEditing(undefined)} />
      )}
      <IdeaBox />
    </PageFrame>
  );
}
