import { useState } from 'react';
import { PageFrame } from '../app/layout/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { useSession } from '../session/index.ts';

export function AccountPage() {
  const session = useSession();
  return (
    <PageFrame title={session.isLoggedIn ? 'Account' : 'Member Login'}>
      <RequireLogin what="your account" isHeadingShown={false}>
        <AccountDetails />
      </RequireLogin>
    </PageFrame>
  );
}

function AccountDetails() {
  const { user, logout } = useSession();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  if (user === null) return null;
  return (
    <section className="panel" aria-labelledby="account-member">
      <h2 id="account-member">{user.name}</h2>
      {user.displayName !== '' && user.displayName !== user.name && (
        <p>Other members see you as {user.displayName}.</p>
      )}
      <p>Changing your password and choosing notifications will be added to this page soon.</p>
      <p className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={isLoggingOut}
          onClick={() => {
            setIsLoggingOut(true);
            void logout();
          }}
        >
          Log out
        </button>
      </p>
    </section>
  );
}
