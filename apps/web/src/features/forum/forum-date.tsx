import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { formatForumDate } from './forum-rules.ts';

/** A forum time as "MMMM D, YYYY h:mm A" in the club's time zone. */
export function ForumDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatForumDate(iso, getClubTimeZone())}</time>;
}
