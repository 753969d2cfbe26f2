import bcrypt from 'bcrypt';
import type { AppDeps } from '../../app.ts';
import { notLoggedIn, tooManyAttempts } from '../../http/errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { hashToken, newToken } from '../../http/tokens.ts';
import {
  createSession,
  destroySession,
  findLoginByEmail,
  insertErrorReport,
  readSessionUser,
  setEmailNotifications,
} from './store.ts';

/** Compared against when the address is unknown, so a miss takes as long as a wrong password. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

const WRONG_LOGIN = 'The e-mail address or password is not right. Please try again, or use "Forgot your password?".';

export function mountAccountCalls(api: ApiRouter, { db, services }: AppDeps): void {
  mountCall(api, 'session.create', async ({ u: email, p: password }, { ip }) => {
    if (services.loginThrottle.isBlocked(ip, email)) {
      throw tooManyAttempts('Too many failed logins. Please wait 15 minutes and try again, or reset your password.');
    }
    const login = findLoginByEmail(db, email);
    const isMatch = await bcrypt.compare(password, login?.passwordHash ?? DUMMY_HASH);
    if (!login || !login.passwordHash || !isMatch) {
      services.loginThrottle.recordFailure(ip, email);
      throw notLoggedIn(WRONG_LOGIN);
    }
    if (!login.enabled) {
      throw notLoggedIn('This membership is not active. Please contact the club if you think this is a mistake.');
    }
    services.loginThrottle.recordSuccess(ip, email);
    const token = newToken();
    createSession(db, login.id, hashToken(token));
    const user = readSessionUser(db, login.id);
    if (!user) throw notLoggedIn(WRONG_LOGIN);
    return { g: token, u: user };
  });

  mountCall(api, 'session.get', (_input, { user }) => ({ u: user }));

  mountCall(api, 'session.destroy', ({ g }) => {
    if (g) destroySession(db, hashToken(g));
    return {};
  });

  mountCall(api, 'user.settings.set', ({ e: wantsEmail }, { user }) => {
    setEmailNotifications(db, user.id, wantsEmail);
    return { u: { ...user, emailNotifications: wantsEmail } };
  });

  mountCall(api, 'error.report', ({ e: message, u: url, s: stack }, { user, userAgent, log }) => {
    insertErrorReport(db, { memberId: user?.id ?? null, message, url, stack, userAgent: userAgent.slice(0, 500) });
    log.warn({ clientError: { message: message.slice(0, 500), url } }, 'error reported by a browser');
    return {};
  });
}
