import { DEFAULT_MEETING } from '@club/contracts/plain';
import type { MeetingPlace } from '@club/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { meetingPlace } from '../../db/schema/index.ts';

const MEETING_ROW = 1;

/** The saved meeting place and schedule, or the default until the admin first saves one. */
export function readMeeting(db: Db): MeetingPlace {
  const row = db.select().from(meetingPlace).where(eq(meetingPlace.id, MEETING_ROW)).get();
  if (!row) return DEFAULT_MEETING;
  const { id: _id, monthsOff, ...fields } = row;
  return { ...fields, monthsOff: JSON.parse(monthsOff) as number[] };
}

export function writeMeeting(db: DbOrTx, meeting: MeetingPlace): void {
  const values = { ...meeting, monthsOff: JSON.stringify(meeting.monthsOff) };
  db.insert(meetingPlace)
    .values({ id: MEETING_ROW, ...values })
    .onConflictDoUpdate({ target: meetingPlace.id, set: values })
    .run();
}
