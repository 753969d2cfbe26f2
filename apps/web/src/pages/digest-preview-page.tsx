import { PageFrame } from '../components/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { DigestPreview } from '../features/account/digest-preview.tsx';

/** The admin's preview of next week's digest. */
export function DigestPreviewPage() {
  return (
    <PageFrame title="Weekly Digest Preview" width="wide">
      <RequireLogin what="the digest preview">
        <DigestPreview />
      </RequireLogin>
    </PageFrame>
  );
}
