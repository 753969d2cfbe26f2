import { DEFAULT_CLUB_TIME_ZONE, isTimeZone } from '@club/contracts/plain';

let timeZone: string | undefined;

/** The zone club dates are reckoned in, which the server writes into index.html from CLUB_TIMEZONE. */
export function getClubTimeZone(): string {
  if (timeZone === undefined) {
    // Outside a page (unit tests of pure rules) there is no meta tag to read.
    const content = typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="club-timezone"]')?.content.trim();
    timeZone = content && isTimeZone(content) ? content : DEFAULT_CLUB_TIME_ZONE;
  }
  return timeZone;
}

/** The server's render of a page (src/prerender.tsx) has no page to read the zone from: it is told it. */
export function setClubTimeZone(zone: string): void {
  timeZone = isTimeZone(zone) ? zone : DEFAULT_CLUB_TIME_ZONE;
}
