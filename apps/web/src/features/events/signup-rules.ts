import type { RosterReply } from '@club/contracts';
import { countOf } from '../../lib/plural.ts';

/**
 * The sign-up's rules on the event page and the roster: the guests as lines, who each per-person
 * answer belongs to, whether sign-up has closed, and the roster as CSV (the editor's questions
 * as lines of text are signup-questions.ts's). The server checks all of it again.
 */

/** The guests' names, one a line. */
export const guestsFrom = (text: string): string[] => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** Who each answer in party order belongs to: the member, then each guest by name or number. */
export const partyLabels = (guests: string[], partySize: number): string[] =>
  Array.from({ length: Math.max(1, partySize) }, (_, i) => (i === 0 ? 'You' : (guests[i - 1] ?? `Guest ${i}`)));

/** Whether sign-up has closed at a moment (club time, YYYY-MM-DDTHH:mm); '' never closes. */
export const isSignupClosed = (deadline: string, now: string): boolean => deadline !== '' && now >= deadline;

/** One CSV cell: quoted, and a leading = + - @ made harmless for spreadsheets. */
const cell = (value: string | number): string => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The roster as CSV (households with a seat, then the waiting list), one row each, a column per question. */
export function rosterCsv(roster: RosterReply): string {
  const questions = roster.settings.choices.map((c) => c.question);
  const header = ['Name', 'Status', 'Phone', 'People', 'Guests', 'Cars', ...questions, 'Comments', 'Came'];
  const rows = roster.households.map((h) => [
    h.name,
    h.status === 'confirmed' ? 'Coming' : `Waiting list ${h.waitlistPosition}`,
    h.phone,
    h.partySize,
    h.guests.join('; '),
    h.cars.map((c) => c.label).join('; '),
    ...questions.map((q) => (h.choices.find((c) => c.question === q)?.answers ?? []).filter(Boolean).join('; ')),
    h.comments,
    h.isCheckedIn ? 'yes' : '',
  ]);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** "12 people and 5 cars coming"; cars only once someone brings one, and no "0 people". */
export function comingText(people: number, cars: number): string {
  if (people === 0) return 'No one coming yet';
  return cars === 0 ? `${countOf(people, 'person', 'people')} coming` : `${countOf(people, 'person', 'people')} and ${countOf(cars, 'car')} coming`;
}
