import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FORGOT_PASSWORD_HASH, PATHS, SIGN_IN_LINK_HASH } from '../lib/paths.ts';
import { isNetworkFailure } from '../api/api-error.ts';
import { useSession } from '../session/index.ts';
import { Loading } from './loading.tsx';
import { LoginForm, type LoginLinkState } from './login-form.tsx';

export type RequireLoginProps = {
  /** What the member will see after logging in, e.g. "the member list". */
  what: string;
  children: ReactNode;
  /** False when the page heading already says "Member Login". */
  isHeadingShown?: boolean;
  /** False when the page offers "Forgot your password?" and the sign-in link itself (the account page). */
  isLoginHelpShown?: boolean;
  /** Told the address typed into the login form (the account page's link requests start from it). */
  onEmailInput?: (email: string) => void;
};

/** Members-only content: shows the login form in its place until the member logs in. */
export function RequireLogin({ what, children, isHeadingShown = true, isLoginHelpShown = true, onEmailInput }: RequireLoginProps) {
  const { isLoggedIn, isLoading, error, retry } = useSession();
  // The address typed into the form goes with the help links, so /login's requests start from it.
  const [typedEmail, setTypedEmail] = useState('');
  const linkState: LoginLinkState = { email: typedEmail };
  if (isLoading) return <Loading label="Checking your login…" />;
  if (error !== null) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          {isNetworkFailure(error)
            ? 'We could not check your login: the site could not be reached. Check your connection, then try again.'
            : 'We could not check your login just now. Please try again in a moment.'}
        </p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (!isLoggedIn) {
    return (
      <section className="panel login-panel" aria-label={isHeadingShown ? undefined : 'Member Login'}>
        {isHeadingShown && <h2>Member Login</h2>}
        <p>Please log in to see {what}.</p>
        <LoginForm
          onEmailInput={(email) => {
            setTypedEmail(email);
            onEmailInput?.(email);
          }}
        />
        {isLoginHelpShown && (
          <>
            <p className="login-panel__help">
              <Link to={`${PATHS.login}#${FORGOT_PASSWORD_HASH}`} state={linkState}>
                Forgot your password?
              </Link>
            </p>
            <p className="login-panel__help">
              <Link to={`${PATHS.login}#${SIGN_IN_LINK_HASH}`} state={linkState}>
                No password? E-mail me a sign-in link
              </Link>
            </p>
          </>
        )}
      </section>
    );
  }
  return <>{children}</>;
}
