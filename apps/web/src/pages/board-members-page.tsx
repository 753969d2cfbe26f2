import { useId, useState } from 'react';
import { PageFrame } from '../components/page-frame.tsx';
import { IdeaBox } from '../features/history/idea-box.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useUnsavedChangesGuard } from '../components/unsaved-changes.tsx';
import { BoardEditor } from '../features/history/board-editor.tsx';
import { BoardView } from '../features/history/board-view.tsx';
import type { BoardYear } from '../features/history/history-rules.ts';
import { useBoardYears } from '../features/history/api/board-members.ts';
import { useSession } from '../session/index.ts';
import '../components/form.css';

type Mode = 'view' | 'edit';

export function BoardMembersPage() {
  const { can } = useSession();
  const canEdit = can('history');
  const board = useBoardYears();
  const [chosenYear, setChosenYear] = useState<number | undefined>(undefined);
  const [mode, setMode] = useState<Mode>('view');
  const [hasJustSaved, setHasJustSaved] = useState(false);
  const [isDirty, setIsDirty] = useState(false);
  const yearSelectId = useId();

  const years = board.years ?? [];
  const shown: BoardYear = years.find((entry) => entry.year === chosenYear) ?? years[0] ?? { year: new Date().getFullYear(), imageUrl: '', seats: [] };
  const isEditing = canEdit && mode === 'edit';
  const guard = useUnsavedChangesGuard(isEditing && isDirty);
  const switchTo = (next: Mode) => {
    if (next === mode) return;
    guard.confirmDiscard(() => {
      setMode(next);
      setIsDirty(false);
      setHasJustSaved(false);
    });
  };

  return (
    <PageFrame title="Board Members" lede="The officers and directors who run the club this year.">
      <div className="history-toolbar">
        {canEdit && (
          <div className="mode-toggle" role="group" aria-label="Board page mode">
            <button type="button" className="mode-toggle__button" aria-pressed={!isEditing} onClick={() => switchTo('view')}>
              View
            </button>
            <button type="button" className="mode-toggle__button" aria-pressed={isEditing} onClick={() => switchTo('edit')}>
              Edit
            </button>
          </div>
        )}
        {/* While editing, the editor's own Year field is the one: a second control would discard edits. */}
        {years.length > 1 && !isEditing && (
          <div className="year-picker">
            <label htmlFor={yearSelectId}>Year</label>
            <select
              id={yearSelectId}
              className="form-field__input"
              value={shown.year}
              onChange={(event) => {
                setChosenYear(Number(event.currentTarget.value));
                setHasJustSaved(false);
              }}
            >
              {years.map((entry) => (
                <option key={entry.year} value={entry.year}>
                  {entry.year}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div aria-live="polite">{hasJustSaved && <p className="form__message form__message--success">Successfully Saved</p>}</div>
      <QueryState query={board} what="the board">
        {() =>
          isEditing ? (
            <BoardEditor
              key={shown.year}
              board={shown}
              savedYears={years.map((entry) => entry.year)}
              onDirtyChange={setIsDirty}
              onSaved={(year) => {
                setIsDirty(false);
                setChosenYear(year);
                setMode('view');
                setHasJustSaved(true);
              }}
            />
          ) : years.length === 0 ? (
            <p>The board for this year has not been posted yet.</p>
          ) : (
            <BoardView board={shown} />
          )
        }
      </QueryState>
      <IdeaBox />
      {guard.dialog}
    </PageFrame>
  );
}
