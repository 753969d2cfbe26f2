import type { ClubEvent } from '@club/contracts';
import { useState } from 'react';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { useSetAttendance, type AttendanceAnswer, type AttendanceChoice as Choice } from './api/set-attendance.ts';

const FIELDS = { totalAttending: 'text', comments: 'text' } as const;

/** Everyone's answers with the total coming, and the member's own choice. */
export function AttendancePanel({ event }: { event: ClubEvent }) {
  const mine = event.attendance[event.myAttendanceIndex];
  const total = event.attendance.reduce((sum, entry) => sum + (entry.isAttending ? entry.totalAttending : 0), 0);
  return (
    <section className="panel attendance" aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">Attendance</h2>
      {event.attendance.length === 0 ? (
        <p>Nobody has answered yet.</p>
      ) : (
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
      )}
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
      <h3>Your answer</h3>
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
