import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { FORGOT_PASSWORD_HASH, PATHS, SIGN_IN_LINK_HASH } from '../lib/paths.ts';
import { Loading } from '../components/loading.tsx';
import { LoginForm, typedEmailOf } from '../components/login-form.tsx';
import { ForgotPassword } from '../features/account/forgot-password.tsx';
import { SignInLinkRequest } from '../features/account/sign-in-link-request.tsx';
import { useSession } from '../session/index.ts';

export function LoginPage() {
  const { isLoggedIn, isLoading } = useSession();
  const navigate = useNavigate();
  const { hash, state } = useLocation();
  const isForgotOpen = hash === `#${FORGOT_PASSWORD_HASH}`;
  const isSignInLinkOpen = hash === `#${SIGN_IN_LINK_HASH}`;
  // What the member typed as their address (here, or in a members' page's login form on the way
  // here): the link requests below start from it.
  const [carriedEmail] = useState(() => typedEmailOf(state));
  const [typedEmail, setTypedEmail] = useState(carriedEmail);

  if (isLoggedIn) return <Navigate to={PATHS.account} replace />;

  return (
    <PageFrame title="Member Login" lede="Log in with the e-mail address the club has on file for you.">
      {isLoading ? (
        <Loading label="Checking your login…" />
      ) : (
        <>
          <div className="panel">
            <LoginForm onSuccess={() => void navigate(PATHS.account, { replace: true })} onEmailInput={setTypedEmail} initialEmail={carriedEmail} />
          </div>
          <SignInLinkRequest key={String(isSignInLinkOpen)} isInitiallyOpen={isSignInLinkOpen} initialEmail={typedEmail} />
          <ForgotPassword key={String(isForgotOpen)} isInitiallyOpen={isForgotOpen} initialEmail={typedEmail} />
        </>
      )}
      <p>
        Not a member yet? Read about <Link to={PATHS.membership}>joining the club</Link>.
      </p>
    </PageFrame>
  );
}
