/** Zod-free event constants, so pages that only read events need not load the schemas. */

/** Reminder choices (spec section 9): 0 sends at once ("now"), the others that many days before the start. */
export const REMINDER_DAYS = [0, 1, 3, 5] as const;

/** Attendance status on the wire: 1 attending, 0 not attending, -1 not sure (removes the entry). */
export const ATTENDANCE_STATUS = { attending: 1, notAttending: 0, notSure: -1 } as const;

/** Past events per page on /new-events (events.get with `past`), newest first. */
export const EVENTS_PAGE_SIZE = 20;
