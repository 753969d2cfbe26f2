import { PageFrame } from '../app/layout/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';

export function MemberListPage() {
  return (
    <PageFrame title="Member List">
      <RequireLogin what="the member list">
        <p>The list of club members and their cars will appear here.</p>
      </RequireLogin>
    </PageFrame>
  );
}
