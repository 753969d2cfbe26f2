/** Where the club meets. The one place the address is written, so the page and the map link agree. */
export const MEETING_PLACE = {
  name: 'Meadowbrook Community Church',
  room: 'Fellowship Hall (lower level)',
  street: '340 North Clay Avenue',
  city: 'Kirkwood',
  state: 'Missouri',
  stateCode: 'MO',
  zip: '63122',
} as const;

const mapQuery = `${MEETING_PLACE.name}, ${MEETING_PLACE.street}, ${MEETING_PLACE.city}, ${MEETING_PLACE.stateCode} ${MEETING_PLACE.zip}`;

/** Opens the address in Google Maps (web or app) using its documented search URL. */
export const MEETING_MAP_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery)}`;
