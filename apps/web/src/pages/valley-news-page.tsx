import { PageFrame } from '../app/layout/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';

export function ValleyNewsPage() {
  return (
    <PageFrame title="Valley News">
      <RequireLogin what="the Valley News newsletters">
        <p>The latest edition of Valley News and the past newsletters, grouped by year, will appear here.</p>
      </RequireLogin>
    </PageFrame>
  );
}
