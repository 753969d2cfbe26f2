const DEFAULT_TIME_ZONE = 'America/Chicago';

let timeZone: string | undefined;

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone club dates are reckoned in, which the server writes into index.html from CLUB_TIMEZONE. */
export function getClubTimeZone(): string {
  if (timeZone === undefined) {
    // Outside a page (unit tests of pure rules) there is no meta tag to read.
    const content = typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="club-timezone"]')?.content.trim();
    timeZone = content && isValidTimeZone(content) ? content : DEFAULT_TIME_ZONE;
  }
  return timeZone;
}
