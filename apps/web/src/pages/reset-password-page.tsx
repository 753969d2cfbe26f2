import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { ResetPassword } from '../features/account/reset-password.tsx';

export function ResetPasswordPage() {
  const { resetGuid = '' } = useParams();
  return (
    <PageFrame title="Reset Password">
      <ResetPassword resetGuid={resetGuid} />
    </PageFrame>
  );
}
