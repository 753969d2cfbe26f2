import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { DigestOptOut } from '../features/account/digest-opt-out.tsx';

export function DigestOffPage() {
  const { token = '' } = useParams();
  return (
    <PageFrame title="Weekly Digest">
      <DigestOptOut token={token} />
    </PageFrame>
  );
}
