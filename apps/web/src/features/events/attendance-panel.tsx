import type { ClubEvent } from '@club/contracts';
import { useState } from 'react';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { countOf } from '../../lib/plural.ts';
import { useSetAttendance, type AttendanceAnswer, type AttendanceChoice as Choice } from './api/set-attendance.ts';

const FIELDS = { totalAttending: 'text', comments: 'text' } as const;

/** Longer lists than this start folded on a phone, so the page does not run on for screens. */
const FOLD_AFTER = 8;
const WIDE_SCREEN = '(min-width: 48rem)';

const totalAttendingOf = (event: ClubEvent): number =>
  event.attendance.reduce((sum, entry) => sum + (entry.isAttending ? entry.totalAttending : 0), 0);

/**
 * Right under the date and place: how many are coming and the member's own answer, so a member
 * on a phone answers without scrolling past everyone else's.
 */
export function YourAnswerPanel({ event }: { event: ClubEvent }) {
  const mine = event.attendance[event.myAttendanceIndex];
  const answers = event.attendance.length;
  return (
    <section className="panel attendance" aria-labelledby="your-answer-heading">
      <h2 id="your-answer-heading">Your answer</h2>
      <p className="attendance__summary">
        {answers === 0 ? 'No answers so far.' : `${countOf(answers, 'answer')} so far, ${countOf(totalAttendingOf(event), 'person', 'people')} attending.`}
        {answers > 0 && (
          <>
            {' '}
            <a href="#attendance-heading">See everyone&rsquo;s answers</a>
          </>
        )}
      </p>
      <AttendanceForm
        key={event.id}
        eventId={event.id}
        initial={mine === undefined ? 'notSure' : mine.isAttending ? 'attending' : 'notAttending'}
        initialTotal={mine?.isAttending ? mine.totalAttending : 1}
        initialComments={mine?.comments ?? ''}
      />
    </section>
  );
}

/** Everyone's answers with the total coming; folded on a phone when the list is long. */
export function AttendancePanel({ event }: { event: ClubEvent }) {
  const total = totalAttendingOf(event);
  const isLong = event.attendance.length > FOLD_AFTER;
  // Read once: a list the member opened or closed stays so when the window turns.
  const [isOpenAtStart] = useState(() => !isLong || window.matchMedia(WIDE_SCREEN).matches);
  const table = (
        <table className="attendance__table">
          <caption className="visually-hidden">Members' answers</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Answer</th>
              <th scope="col" className="attendance__number">Number</th>
              <th scope="col">Comments</th>
            </tr>
          </thead>
          <tbody>
            {event.attendance.map((entry, index) => (
              <tr key={`${entry.displayName}-${index}`} className={index === event.myAttendanceIndex ? 'attendance__mine' : undefined}>
                <th scope="row">
                  {entry.displayName}
                  {index === event.myAttendanceIndex && ' (you)'}
                </th>
                <td>{entry.isAttending ? 'Attending' : 'Not Attending'}</td>
                <td className="attendance__number">{entry.isAttending ? entry.totalAttending : ''}</td>
                <td>{entry.comments}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total attending
              </th>
              <td className="attendance__number" data-testid="attendance-total">
                {total}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
  );
  return (
    <section className="panel attendance" aria-labelledby="attendance-heading" id="attendance">
      <h2 id="attendance-heading" tabIndex={-1}>
        Attendance
      </h2>
      {event.attendance.length === 0 ? (
        <p>Nobody has answered yet.</p>
      ) : isLong ? (
        <details className="attendance__fold" open={isOpenAtStart}>
          <summary>Show all {countOf(event.attendance.length, 'answer')}</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </section>
  );
}

type FormProps = { eventId: number; initial: Choice; initialTotal: number; initialComments: string };

function AttendanceForm({ eventId, initial, initialTotal, initialComments }: FormProps) {
  const [choice, setChoice] = useState<Choice>(initial);
  const [serverError, setServerError] = useState<string | null>(null);
  const setAttendance = useSetAttendance();
  const options: [Choice, string][] = [
    ['attending', 'Attending'],
    ['notAttending', 'Not Attending'],
    ['notSure', 'Not Sure'],
  ];
  return (
    <>
      <Form
        aria-label="Your answer"
        onError={setServerError}
        onSubmit={async (data) => {
          const { totalAttending, comments } = readForm(data, FIELDS);
          const answer: AttendanceAnswer =
            choice === 'attending'
              ? { eventId, choice, totalAttending: Number(totalAttending), comments }
              : choice === 'notAttending'
                ? { eventId, choice, comments }
                : { eventId, choice };
          await setAttendance.mutateAsync(answer);
        }}
      >
        <fieldset className="attendance__choices">
          <legend>Are you coming?</legend>
          {options.map(([value, label]) => (
            <label key={value} className="attendance__choice">
              <input type="radio" name="choice" value={value} checked={choice === value} onChange={() => setChoice(value)} /> {label}
            </label>
          ))}
        </fieldset>
        {choice === 'notSure' && <p className="form-field__hint">Not Sure removes your answer from the list.</p>}
        {choice === 'attending' && (
          <FormField label="Number attending" name="totalAttending" type="number" inputMode="numeric" min={1} max={50} step={1} defaultValue={String(initialTotal)} required />
        )}
        {choice !== 'notSure' && <FormField label="Comments" name="comments" maxLength={1000} defaultValue={initialComments} autoComplete="off" />}
      </Form>
      <ErrorDialog message={serverError} onClose={() => setServerError(null)} />
    </>
  );
}
