import { PageFrame } from '../app/layout/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';

export function ForumPage() {
  return (
    <PageFrame title="Forum">
      <RequireLogin what="the forum">
        <p>Discussion threads and replies between members will appear here.</p>
      </RequireLogin>
    </PageFrame>
  );
}
