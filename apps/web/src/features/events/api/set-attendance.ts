import { ATTENDANCE_STATUS } from '@club/contracts/plain';
import { useCallMutation } from '../../../api/call-query.ts';
import { ATTENDANCE_READS } from './event-reads.ts';

/** A member's own answer for an event. Not Sure stores nothing and removes their entry. */
export type AttendanceAnswer =
  | { eventId: number; choice: 'attending'; totalAttending: number; comments: string }
  | { eventId: number; choice: 'notAttending'; comments: string }
  | { eventId: number; choice: 'notSure' };

export type AttendanceChoice = AttendanceAnswer['choice'];

/** The wire fields of `attendance.set`, mapped here only: i event, s status, t number attending, c comments. */
function toAttendanceBody(answer: AttendanceAnswer) {
  const i = answer.eventId;
  switch (answer.choice) {
    case 'attending':
      return { i, s: ATTENDANCE_STATUS.attending, t: answer.totalAttending, c: answer.comments };
    case 'notAttending':
      return { i, s: ATTENDANCE_STATUS.notAttending, c: answer.comments };
    case 'notSure':
      return { i, s: ATTENDANCE_STATUS.notSure };
  }
}

/** Records the member's answer; the reads with attendance are reloaded before it resolves. */
export function useSetAttendance() {
  const { mutateAsync, isPending } = useCallMutation('attendance.set', { invalidates: ATTENDANCE_READS });
  return { isPending, mutateAsync: async (answer: AttendanceAnswer): Promise<void> => void (await mutateAsync({ body: toAttendanceBody(answer) })) };
}
