import type { CallName } from '@club/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import type { CallBody } from '../../../api/client.ts';
import { callQueryOptions, type UseCallQueryOptions } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../session/index.ts';

/** Every read that answers events: a write to an event reloads them all. */
export const EVENT_READS = [
  'events.get',
  'event.get',
  'events.month',
  'events.upcoming',
  'events.past',
  'event.nowReminder',
] as const satisfies readonly CallName[];

/** One event with its attendance and its neighbours in start order (the event page and the editor). */
export const eventQueryOptions = (id: number, viewer?: string | null) => callQueryOptions('event.get', { id }, viewer);

/** The events that overlap the days from..to (YYYY-MM-DD, inclusive): the weeks a month's calendar shows. */
export const monthEventsQueryOptions = (from: string, to: string, viewer?: string | null) => callQueryOptions('events.month', { from, to }, viewer);

/** Every event not yet ended at `at` (club time, YYYY-MM-DDTHH:mm), soonest first, as brief rows. */
export const upcomingEventsQueryOptions = (at: string, viewer?: string | null) => callQueryOptions('events.upcoming', { at }, viewer);

/** One page (1 = the latest) of the events that ended before `at`, latest first, with their total. */
export const pastEventsQueryOptions = (at: string, page: number, viewer?: string | null) => callQueryOptions('events.past', { at, page }, viewer);

/** Whom an event's "now" reminder reached (members e-mailed and pushed) and when it first went out (for its editor). */
export const nowReminderQueryOptions = (id: number, viewer?: string | null) => callQueryOptions('event.nowReminder', { id }, viewer);

/** What changing an occurrence's series from it on (start and rule as the editor has them) would remove; for its editor. */
export const seriesPreviewQueryOptions = (id: number, start: string, repeat: CallBody<'event.seriesPreview'>['repeat'], viewer?: string | null) =>
  callQueryOptions('event.seriesPreview', { id, start, repeat }, viewer);

/** The event reads in a component, following logins (the answers depend on who asks). */
export function useEvent(id: number, options: UseCallQueryOptions = {}) {
  return useQuery({ ...eventQueryOptions(id, useSessionToken()), ...options });
}

export function useMonthEvents(from: string, to: string) {
  return useQuery(monthEventsQueryOptions(from, to, useSessionToken()));
}

export function useUpcomingEvents(at: string) {
  return useQuery(upcomingEventsQueryOptions(at, useSessionToken()));
}

export function usePastEvents(at: string, page: number) {
  return useQuery(pastEventsQueryOptions(at, page, useSessionToken()));
}

/** An event's "now" reminder report; off for a new event (id 0). */
export function useNowReminder(id: number) {
  return useQuery({ ...nowReminderQueryOptions(id, useSessionToken()), enabled: id !== 0 });
}
