import { PageFrame } from '../components/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { MemberDirectory } from '../features/members/member-directory.tsx';

export function MemberListPage() {
  return (
    <PageFrame title="Member List" width="wide">
      <RequireLogin what="the member list">
        <MemberDirectory />
      </RequireLogin>
    </PageFrame>
  );
}
