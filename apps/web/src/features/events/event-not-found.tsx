/** The event id in an address (`/event/12`), or undefined when it is not a positive whole number. */
export const eventIdOf = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/** What the event page and the editor say for an event that is not there (deleted, or a bad address). */
export function EventNotFound() {
  return <p className="notice">Event not found. It may have been deleted; see the calendar of events for what is on.</p>;
}
