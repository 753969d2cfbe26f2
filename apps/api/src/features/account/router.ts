import bcrypt from 'bcrypt';
import type { AppDeps } from '../../app.ts';
import { ApiError, badRequest, notLoggedIn, tooManyAttempts } from '../../http/errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { hashToken, newToken } from '../../http/tokens.ts';
import { scrubText } from '../../logger.ts';
import { queueMail } from '../../services/mail.ts';
import { BCRYPT_ROUNDS } from '../members/admin.ts';
import { ERROR_REPORT_LIMITS, recordErrorReport } from './error-reports.ts';
import { RESET_LINK_HOURS, resetMail } from './password-mail.ts';
import { createRateLimit } from './rate-limit.ts';
import {
  changePassword,
  completePasswordReset,
  countPasswordResetsSince,
  createSession,
  destroySession,
  findEnabledMemberByEmail,
  findLoginByEmail,
  findPasswordHash,
  findPasswordReset,
  insertPasswordReset,
  readSessionUser,
  setEmailNotifications,
} from './store.ts';

/** Compared against when the address is unknown, so a miss takes as long as a wrong password. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_ROUNDS);

const WRONG_LOGIN = 'The e-mail address or password is not right. Please try again, or use "Forgot your password?".';

const HOUR_MS = 3_600_000;
/** Links e-mailed to one address per hour; more requests are answered alike but send nothing. */
const MAX_RESETS_PER_ADDRESS = 3;
/** Reset requests from one connection per hour, whatever the address, to stop mail bombing. */
const MAX_RESET_REQUESTS_PER_IP = 30;

const BAD_LINK =
  'This password link is not valid. Please check that you opened the whole link from the e-mail, or ask for a new one with "Forgot your password?" on the Member Login page.';
const USED_LINK =
  'This password link has already been used. If you still need to set your password, ask for a new link with "Forgot your password?" on the Member Login page.';
const EXPIRED_LINK =
  'This password link has expired. Please ask for a new one with "Forgot your password?" on the Member Login page.';

export function mountAccountCalls(api: ApiRouter, { db, services, config }: AppDeps): void {
  const resetRequests = createRateLimit({ windowMs: HOUR_MS, max: MAX_RESET_REQUESTS_PER_IP });
  const errorReports = createRateLimit({ windowMs: ERROR_REPORT_LIMITS.windowMs, max: ERROR_REPORT_LIMITS.perAddress });

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

  mountCall(api, 'error.report', ({ e: message, u: url, s: stack }, { user, userAgent, ip, log }) => {
    if (!errorReports.tryTake(ip)) throw tooManyAttempts('Too many error reports from here. Thank you; we have enough for now.');
    recordErrorReport(db, { memberId: user?.id ?? null, message, url, stack, userAgent: userAgent.slice(0, 500) });
    log.warn({ clientError: { message: scrubText(message.slice(0, 500)), url } }, 'error reported by a browser');
    return {};
  });

  mountCall(api, 'password.request', ({ e: email }, { ip, log }) => {
    if (!resetRequests.tryTake(ip)) {
      throw tooManyAttempts('Too many password reset requests from here. Please wait an hour and try again, or ask the club webmaster for help.');
    }
    const member = findEnabledMemberByEmail(db, email);
    if (!member) return {};
    if (countPasswordResetsSince(db, member.id, new Date(Date.now() - HOUR_MS).toISOString()) >= MAX_RESETS_PER_ADDRESS) {
      log.warn({ memberId: member.id }, 'password reset e-mails capped for this address');
      return {};
    }
    const token = newToken();
    db.transaction((tx) => {
      insertPasswordReset(tx, {
        memberId: member.id,
        tokenHash: hashToken(token),
        expires: new Date(Date.now() + RESET_LINK_HOURS * HOUR_MS).toISOString(),
      });
      queueMail(tx, resetMail({ to: member.email, firstName: member.firstName, link: `${config.baseUrl}/reset/${token}`, clubName: config.clubName }));
    });
    services.mail.kick();
    return {};
  });

  mountCall(api, 'password.reset', async ({ g: guid, n: newPassword }) => {
    const reset = findPasswordReset(db, hashToken(guid));
    if (!reset || !reset.memberEnabled) throw new ApiError(404, BAD_LINK);
    if (reset.used) throw badRequest(USED_LINK);
    if (Date.parse(reset.expires) <= Date.now()) throw badRequest(EXPIRED_LINK);
    if (newPassword === undefined) return { u: reset.memberName };
    const passwordHash = await bcrypt.hash(newPassword, BCRYPT_ROUNDS);
    if (!completePasswordReset(db, reset, passwordHash)) throw badRequest(USED_LINK);
    return {};
  });

  mountCall(api, 'password.change', async ({ o: oldPassword, n: newPassword }, { user, sessionTokenHash, ip }) => {
    // Keyed by member, not address, so guessing the old password through a stolen session is slowed too.
    const throttleKey = `member#${user.id}`;
    if (services.loginThrottle.isBlocked(ip, throttleKey)) {
      throw tooManyAttempts('Too many wrong old passwords. Please wait 15 minutes and try again, or log out and use "Forgot your password?".');
    }
    const currentHash = findPasswordHash(db, user.id);
    if (!currentHash || !(await bcrypt.compare(oldPassword, currentHash))) {
      services.loginThrottle.recordFailure(ip, throttleKey);
      throw badRequest('The old password is not right. Please type your current password again, or log out and use "Forgot your password?".');
    }
    services.loginThrottle.recordSuccess(ip, throttleKey);
    changePassword(db, user.id, await bcrypt.hash(newPassword, BCRYPT_ROUNDS), sessionTokenHash);
    return {};
  });
}
