import { DEFAULT_CLUB_TIME_ZONE, isTimeZone } from '@club/contracts/browser';

let timeZone: string | undefined;

/** The zone club dates are reckoned in, which the server writes into index.html from CLUB_TIMEZONE. */
export function getClubTimeZone(): string {
  if (timeZone === undefined) {
    const content = document.querySelector<HTMLMetaElement>('meta[name="club-timezone"]')?.content.trim();
    timeZone = content && isTimeZone(content) ? content : DEFAULT_CLUB_TIME_ZONE;
  }
  return timeZone;
}
