import { Dialog } from '../../components/dialog.tsx';
import { countOf } from '../../lib/plural.ts';
import type { SeriesRemoval } from './api/save-event.ts';
import { formatEventDay, formatEventTime } from '../../lib/event-time.ts';
import { droppedSignups } from './repeat-draft.ts';

export type SeriesDropsDialogProps = {
  title: string;
  removed: SeriesRemoval[];
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Before a series change that removes dates members signed up for: which dates, how many sign-ups
 * each loses, and that those members are told by e-mail. "Go back" (focused first) saves nothing.
 */
export function SeriesDropsDialog({ title, removed, onConfirm, onClose }: SeriesDropsDialogProps) {
  const drops = droppedSignups(removed);
  const withSignups = removed.filter((r) => r.households > 0);
  return (
    <Dialog
      title="Cancel sign-ups?"
      isOpen
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            Save and cancel {drops === 1 ? 'the sign-up' : `${drops} sign-ups`}
          </button>
          <button type="button" className="button" onClick={onClose} data-autofocus>
            Go back
          </button>
        </>
      }
    >
      <p className="dialog__message">
        This change removes {countOf(removed.length, 'date')} of “{title}”. Members signed up for {withSignups.length === 1 ? 'this one' : 'these'}:
      </p>
      <ul className="event-editor__drops">
        {withSignups.map((r) => (
          <li key={r.id}>
            {formatEventDay(r.start)}, {r.start.slice(0, 4)} at {formatEventTime(r.start)}: {countOf(r.households, 'sign-up')} (
            {countOf(r.people, 'person', 'people')})
          </li>
        ))}
      </ul>
      <p className="dialog__message">Saving cancels {drops === 1 ? 'this sign-up' : `these ${drops} sign-ups`}, and each member is told by e-mail.</p>
    </Dialog>
  );
}
