import { MEETING_MONTHS, MEETING_WEEKDAYS, MEETING_WEEKS, type MeetingPlace } from '@club/contracts/plain';
import { FieldFrame } from '../../components/field-frame.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useSaveMeeting } from './api/meeting.ts';

const MEETING_FIELDS = {
  name: 'text',
  room: 'text',
  street: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  directions: 'text',
  week: 'text',
  weekday: 'text',
  time: 'text',
  monthsOff: 'list',
} as const;

export type MeetingEditorProps = { meeting: MeetingPlace; onDone: () => void };

/**
 * The admin's form for where and when the club meets: the meetings page, its next-meeting date
 * and the event editor's "Use the meeting place" all read what is saved here.
 */
export function MeetingEditor({ meeting, onDone }: MeetingEditorProps) {
  const save = useSaveMeeting();
  return (
    <section className="panel meeting-editor" aria-labelledby="meeting-editor-heading">
      <h2 id="meeting-editor-heading">Edit the meeting place and schedule</h2>
      <Form
        aria-label="Meeting place and schedule"
        onSubmit={async (data) => {
          await save.mutateAsync({ body: readForm(data, MEETING_FIELDS) });
        }}
        actions={
          <button type="button" className="button" onClick={onDone}>
            Done
          </button>
        }
      >
        <FormField label="Place name" name="name" defaultValue={meeting.name} required maxLength={200} autoComplete="off" />
        <FormField label="Room" name="room" defaultValue={meeting.room} maxLength={200} autoComplete="off" />
        <FormField label="Street" name="street" defaultValue={meeting.street} required maxLength={200} autoComplete="off" />
        <div className="meeting-editor__row">
          <FormField label="City" name="city" defaultValue={meeting.city} required maxLength={100} autoComplete="off" />
          <FormField label="State" name="state" defaultValue={meeting.state} required maxLength={40} autoComplete="off" />
          <FormField label="Zip code" name="zip" defaultValue={meeting.zip} required maxLength={20} autoComplete="off" />
        </div>
        <TextAreaField label="Parking and access" name="directions" defaultValue={meeting.directions} rows={3} maxLength={2000} />
        <div className="meeting-editor__row">
          <FieldFrame label="Week of the month" name="week" required>
            {(control) => (
              <select className="form-field__input" name="week" defaultValue={meeting.week} {...control}>
                {MEETING_WEEKS.map((name, index) => (
                  <option key={name} value={index + 1}>
                    {name[0]?.toUpperCase()}
                    {name.slice(1)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FieldFrame label="Weekday" name="weekday" required>
            {(control) => (
              <select className="form-field__input" name="weekday" defaultValue={meeting.weekday} {...control}>
                {MEETING_WEEKDAYS.map((name, index) => (
                  <option key={name} value={index}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FormField label="Start time" name="time" type="time" defaultValue={meeting.time} required hint="Club time" />
        </div>
        <fieldset className="meeting-editor__months">
          <legend>Months without a meeting</legend>
          {MEETING_MONTHS.map((name, index) => (
            <label key={name} className="checkbox">
              <input type="checkbox" name="monthsOff" value={index + 1} defaultChecked={meeting.monthsOff.includes(index + 1)} />
              {name}
            </label>
          ))}
        </fieldset>
      </Form>
    </section>
  );
}
