import { lazy, Suspense, useEffect, useState } from 'react';
import { registerSessionRenewal } from '../lib/session-renewal.ts';

/** The dialog and the login form load only when needed: they stay off the first paint. */
const SessionRenewalLogin = lazy(() => import('./session-renewal-login.tsx').then((m) => ({ default: m.SessionRenewalLogin })));

/**
 * "You were logged out": when a form's write finds the session ended, this asks for the login
 * in place, over the page, which stays as it was with what the member typed. Logging in sends
 * the write again (api/call-query.ts); Cancel leaves the form with a message saying so. Mounted
 * once, in the layout.
 */
export function SessionRenewalDialog() {
  const [answer, setAnswer] = useState<((isLoggedIn: boolean) => void) | null>(null);

  useEffect(() => registerSessionRenewal(() => new Promise<boolean>((resolve) => setAnswer(() => resolve))), []);

  if (answer === null) return null;
  const finish = (isLoggedIn: boolean) => {
    setAnswer(null);
    answer(isLoggedIn);
  };
  return (
    <Suspense fallback={null}>
      <SessionRenewalLogin onFinish={finish} />
    </Suspense>
  );
}
