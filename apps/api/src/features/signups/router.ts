import { ATTENDANCE_STATUS } from '@club/contracts/plain';
import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import type { SignupAnswer } from './service.ts';

/** The sign-up calls: answers (the spec's `attendance.set` and `signup.set`), settings, the roster, check-in and attendance counts. */
export function mountSignupCalls(api: ApiRouter, { services }: Pick<AppDeps, 'services'>): void {
  const { signups } = services;

  // The spec's call: i event, s status (1, 0, -1), t number attending, c comments. Guests, cars and
  // choices given earlier through signup.set are kept where they still fit the number.
  mountCall(api, 'attendance.set', ({ i, s, t, c }, { user }) => {
    const answer: SignupAnswer =
      s === ATTENDANCE_STATUS.attending
        ? { eventId: i, answer: 'attending', partySize: t ?? 1, comments: c }
        : s === ATTENDANCE_STATUS.notAttending
          ? { eventId: i, answer: 'notAttending', comments: c }
          : { eventId: i, answer: 'notSure', comments: '' };
    signups.answer(user, answer);
    return {};
  });

  mountCall(api, 'signup.set', (input, { user }) =>
    signups.answer(user, {
      eventId: input.eventId,
      answer: input.answer,
      guests: input.guests,
      partySize: input.partySize,
      cars: input.cars,
      choices: input.choices,
      comments: input.comments,
    }),
  );

  mountCall(api, 'signup.settings', ({ eventId, capacity, deadline, choices }) =>
    signups.saveSettings(eventId, { capacity: capacity ?? null, deadline, choices }),
  );

  // The same roster for every event editor, so one cached answer serves them all.
  mountCall(api, 'event.roster', ({ eventId }) => signups.roster(eventId), { cache: 'shared' });

  mountCall(api, 'checkin.set', ({ eventId, memberId, isPresent }) => {
    signups.checkIn(eventId, memberId, isPresent);
    return {};
  });

  mountCall(api, 'attended.mine', ({ year }, { user }) => ({ events: signups.attendedEvents(user, year) }), { cache: 'member' });

  mountCall(api, 'attended.members', ({ year }) => ({ counts: signups.attendedCounts(year) }), { cache: 'shared' });
}
