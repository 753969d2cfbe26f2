import { DEFAULT_MEETING } from '@club/contracts/plain';
import type { MeetingPlace } from '@club/contracts';
import { sql } from 'drizzle-orm';
import type { SearchSource } from '../../services/search-index.ts';

/** The Monthly Meetings page: where the club meets (the default place until the admin saves one). */
export const meetingSearch: SearchSource = {
  kind: 'meeting',
  entriesOf: (db) => {
    const place: Pick<MeetingPlace, 'name' | 'room' | 'street' | 'city' | 'state' | 'zip' | 'directions'> =
      db.get<MeetingPlace | undefined>(sql`SELECT name, room, street, city, state, zip, directions FROM meeting_place WHERE id = 1`) ?? DEFAULT_MEETING;
    const body = [place.name, place.room, place.street, `${place.city}, ${place.state} ${place.zip}`, place.directions].filter(Boolean).join(' · ');
    return [{ recordId: 1, title: 'Monthly meetings', body, audience: 'public' }];
  },
};
