import { DEFAULT_MEETING, type MeetingPlace } from '@club/contracts/plain';

/** Opens the address in Google Maps (web or app) using its documented search URL. */
export function mapUrlOf({ name, street, city, state, zip }: MeetingPlace): string {
  const query = `${name}, ${street}, ${city}, ${state} ${zip}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * The drawn street map (public/images/meeting-map.svg) shows the default place; once the admin
 * moves the meetings elsewhere, only the Google Maps link is offered rather than a wrong map.
 */
export function hasDrawnMap(place: MeetingPlace): boolean {
  return place.street === DEFAULT_MEETING.street && place.city === DEFAULT_MEETING.city;
}
