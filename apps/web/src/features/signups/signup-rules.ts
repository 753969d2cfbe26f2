import type { RosterReply } from '@club/contracts';
import { countOf } from '../../lib/plural.ts';

/**
 * The sign-up's rules on the event page and the roster: the guests as lines, who each per-person
 * answer belongs to, whether sign-up has closed, and the roster as CSV (the editor's questions
 * as lines of text are signup-questions.ts's). The server checks all of it again.
 */

/** The guests' names, one a line. */
export const guestsFrom = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Who each answer in party order belongs to: the member, then each guest by name or number. */
export const partyLabels = (guests: string[], partySize: number): string[] =>
  Array.from({ length: Math.max(1, partySize) }, (_, i) => (i === 0 ? 'You' : (guests[i - 1] ?? `Guest ${i}`)));

/**
 * A household's answers to one question by name, for the roster ("Ann: fish; Mary (wife): chicken"):
 * the member by first name, then each guest by name or number; people who gave no answer are left out.
 */
export function answersByName(household: Pick<RosterReply['households'][number], 'name' | 'guests' | 'choices'>, question: string): string {
  const answers = household.choices.find((c) => c.question === question)?.answers ?? [];
  const labels = partyLabels(household.guests, answers.length);
  const firstName = household.name.split(' ')[0] ?? household.name;
  return answers
    .map((answer, i) => (answer === '' ? '' : `${i === 0 ? firstName : labels[i]}: ${answer}`))
    .filter(Boolean)
    .join('; ');
}

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

/** Where the viewer stands: no answer (or not coming), a seat, or a place on the waiting list. */
type Standing = 'none' | 'confirmed' | 'waitlisted';

/**
 * How many are coming, said once beside the member's answer: the people (and cars, once someone
 * brings one), the places left under a capacity, and a full event said to be full before anyone
 * signs up into its waiting list. Only those with a seat count as coming.
 */
export function comingSummary(
  totals: { people: number; cars: number; waitingPeople: number; waitingHouseholds: number },
  capacity: number | null,
  standing: Standing,
): string {
  const { people, cars, waitingPeople, waitingHouseholds } = totals;
  const waiting = waitingHouseholds > 0 ? `; ${countOf(waitingPeople, 'person', 'people')} on the waiting list` : '';
  if (capacity === null) return `${comingText(people, cars)}${waiting}.`;
  if (people >= capacity) {
    const taken = `Full: ${people} of ${capacity} places taken`;
    if (standing !== 'none') return `${taken}${waiting}.`;
    const ahead = waitingHouseholds > 0 ? ` (${waitingHouseholds} ahead)` : '';
    return `${taken}; signing up puts you on the waiting list${ahead}.`;
  }
  const left = capacity - people;
  return `${comingText(people, cars)}; ${left} of ${capacity} places left${waiting}.`;
}
