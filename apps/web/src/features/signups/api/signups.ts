import type { ChoiceAnswers, SignupCar } from '@club/contracts';
import type { CallName } from '@club/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions, useCallMutation } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../session/index.ts';

/** A member's own sign-up as the form sends it (`signup.set`'s plain-named fields). */
export type SignupDraft = {
  eventId: number;
  answer: 'attending' | 'notAttending' | 'notSure';
  guests: string[];
  /** Sent only when no guest is named: the party then is this many people. */
  partySize?: number;
  cars: SignupCar[];
  choices: ChoiceAnswers[];
  comments: string;
};

/** The reads a sign-up changes: the events whose replies carry attendance (the list and one event), and the organiser's roster. */
const SIGNUP_READS = ['events.get', 'event.get', 'event.roster'] as const satisfies readonly CallName[];

/** Records the member's answer; resolves with where they stand (a seat, the waiting list). */
export function useSetSignup() {
  const { mutateAsync, isPending } = useCallMutation('signup.set', { invalidates: SIGNUP_READS });
  return { isPending, mutateAsync: (draft: SignupDraft) => mutateAsync({ body: draft }) };
}

/** The organiser's roster of one event, with phone numbers and check-in. */
export function useRoster(eventId: number, isEnabled = true) {
  return useQuery({ ...callQueryOptions('event.roster', { eventId }, useSessionToken()), enabled: isEnabled });
}

/** Ticks (or unticks) that a household came; the roster and the attended counts reload. */
export function useCheckIn() {
  const { mutateAsync, isPending } = useCallMutation('checkin.set', { invalidates: ['event.roster', 'attended.mine', 'attended.members'] });
  return {
    isPending,
    mutateAsync: ({ eventId, memberId, isPresent }: { eventId: number; memberId: number; isPresent: boolean }) =>
      mutateAsync({ body: { eventId, memberId, isPresent } }),
  };
}

/** The events the member was checked in at in a year. */
export function useAttendedEvents(year: number) {
  return useQuery(callQueryOptions('attended.mine', { year }, useSessionToken()));
}

/** How many events each member came to in a year (administrators). */
export function useAttendedCounts(year: number, isEnabled: boolean) {
  return useQuery({ ...callQueryOptions('attended.members', { year }, useSessionToken()), enabled: isEnabled });
}
