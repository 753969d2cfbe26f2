import { PageFrame } from '../components/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { useAttendedCounts } from '../features/signups/api/signups.ts';
import { clubNow } from '../lib/event-time.ts';
import { getClubTimeZone } from '../lib/club-time-zone.ts';
import { MemberDirectory } from '../features/members/member-directory.tsx';
import { useSession } from '../session/index.ts';

export function MemberListPage() {
  return (
    <PageFrame title="Member List" width="wide">
      <RequireLogin what="the member list">
        <Directory />
      </RequireLogin>
    </PageFrame>
  );
}

/** The directory; administrators also see how many events each member came to this year. */
function Directory() {
  const { can } = useSession();
  const isAdmin = can('admin');
  const attended = useAttendedCounts(Number(clubNow(new Date(), getClubTimeZone()).slice(0, 4)), isAdmin);
  const counts = attended.data ? new Map(attended.data.counts.map(({ memberId, count }) => [memberId, count])) : undefined;
  return <MemberDirectory attendedThisYear={counts} />;
}
