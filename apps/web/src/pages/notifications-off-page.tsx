import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { EmailOptOut } from '../features/account/email-opt-out.tsx';

export function NotificationsOffPage() {
  const { token = '' } = useParams();
  return (
    <PageFrame title="E-mail Notifications">
      <EmailOptOut token={token} />
    </PageFrame>
  );
}
