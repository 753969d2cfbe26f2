import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { SignInWithLink } from '../features/account/sign-in-with-link.tsx';

export function SignInPage() {
  const { token = '' } = useParams();
  return (
    <PageFrame title="Sign In">
      <SignInWithLink token={token} />
    </PageFrame>
  );
}
