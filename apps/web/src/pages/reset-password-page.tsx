import { Link } from 'react-router';
import { PageFrame } from '../app/layout/page-frame.tsx';
import { PATHS } from '../app/paths.ts';

export function ResetPasswordPage() {
  return (
    <PageFrame title="Reset Password">
      <p>
        Setting a new password from an e-mailed link is not available on this site yet. If you cannot log in, please{' '}
        <Link to={PATHS.contact}>contact the club</Link>.
      </p>
    </PageFrame>
  );
}
