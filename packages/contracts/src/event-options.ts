/** Zod-free event constants, so pages that only read events need not load the schemas. */

/** Reminder choices (spec section 9): 0 sends at once ("now"), the others that many days before the start. */
export const REMINDER_DAYS = [0, 1, 3, 5] as const;

/** Attendance status on the wire: 1 attending, 0 not attending, -1 not sure (removes the entry). */
export const ATTENDANCE_STATUS = { attending: 1, notAttending: 0, notSure: -1 } as const;

/** Past events per page on /new-events (events.get with `past`), newest first. */
export const EVENTS_PAGE_SIZE = 20;

/** At most this many guests may be named on one sign-up. */
export const MAX_GUESTS = 20;
/** At most this many cars on one sign-up. */
export const MAX_CARS = 10;
/** At most this many questions ("Dinner", "Museum tour") on one event, each with at most MAX_OPTIONS answers. */
export const MAX_CHOICES = 10;
export const MAX_OPTIONS = 10;
/** A party may not be larger than this (the legacy call's limit too). */
export const MAX_PARTY = 50;
