import { hasPermission } from '@club/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import { loadWhenShown } from '../components/load-when-shown.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { ForgotPassword } from '../features/account/forgot-password.tsx';
import { SignInLinkRequest } from '../features/account/sign-in-link-request.tsx';
import { NotificationSettings } from '../features/account/notification-settings.tsx';
import { DigestSetting } from '../features/account/digest-setting.tsx';
import { AttendedEventsPanel } from '../features/signups/attended-events-panel.tsx';
import { CalendarFeedPanel } from '../features/events/calendar-feed-panel.tsx';
import { MyListings } from '../features/classifieds/my-listings.tsx';
import { MyCars } from '../features/garage/my-cars.tsx';
import { useSession } from '../session/index.ts';

/** The password form with its rules, loaded once a member is logged in: a visitor's login page never needs them. */
const ChangePasswordForm = loadWhenShown(() => import('../features/account/change-password-form.tsx').then((m) => m.ChangePasswordForm));

/** The webmaster's panels: members without the `admin` permission never load their code. */
const AdminPanels = loadWhenShown(() => import('../features/account/admin-panels.tsx').then((m) => m.AdminPanels));

export function AccountPage() {
  const session = useSession();
  const isLoggedOut = !session.isLoggedIn && !session.isLoading && session.error === null;
  const [hasLoggedOut, setHasLoggedOut] = useState(false);
  const [typedEmail, setTypedEmail] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const isNoticeShown = hasLoggedOut && isLoggedOut;
  useEffect(() => {
    // The Log out button is gone: focus goes to the confirmation rather than to the page's top.
    if (isNoticeShown) noticeRef.current?.focus();
  }, [isNoticeShown]);
  return (
    <PageFrame title={session.isLoggedIn ? 'Account' : 'Member Login'}>
      <div role="status">
        {isNoticeShown && (
          <p ref={noticeRef} className="notice notice--success" tabIndex={-1}>
            You are logged out.
          </p>
        )}
      </div>
      <RequireLogin what="your account" isHeadingShown={false} isLoginHelpShown={false} onEmailInput={setTypedEmail}>
        <AccountDetails onLogout={() => setHasLoggedOut(true)} />
      </RequireLogin>
      {isLoggedOut && <SignInLinkRequest initialEmail={typedEmail} />}
      {isLoggedOut && <ForgotPassword initialEmail={typedEmail} />}
    </PageFrame>
  );
}

function AccountDetails({ onLogout }: { onLogout: () => void }) {
  const { user, logout } = useSession();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  if (user === null) return null;
  return (
    <>
      <section className="panel" aria-labelledby="account-member">
        <h2 id="account-member">{user.name}</h2>
        {user.displayName !== '' && user.displayName !== user.name && <p>Other members see you as {user.displayName}.</p>}
        <p className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={isLoggingOut}
            onClick={() => {
              setIsLoggingOut(true);
              onLogout();
              void logout();
            }}
          >
            Log out
          </button>
        </p>
      </section>
      {/* The webmaster's mail status first: a message that never went out is what to see at once. */}
      {hasPermission(user.permissions, 'admin') && <AdminPanels />}
      <MyCars />
      <MyListings />
      <NotificationSettings />
      <DigestSetting />
      <AttendedEventsPanel />
      <CalendarFeedPanel />
      <ChangePasswordForm />
    </>
  );
}
