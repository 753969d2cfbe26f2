import { dateFormat } from './club-time.ts';

/**
 * "Saturday, June 20, 2026" and "10:00 AM" for a stored local start (already in CLUB_TIMEZONE), as
 * the reminders, the digest, the sign-up e-mails and the editor's repeat note say it.
 */
export function describeStart(start: string): { date: string; time: string } {
  const moment = new Date(`${start}:00Z`);
  return {
    date: dateFormat({ timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(moment),
    time: dateFormat({ timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(moment),
  };
}
