import bcrypt from 'bcrypt';
import { resetPath, type Permission, type SessionUser } from '@club/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, badRequest, notLoggedIn, tooManyAttempts } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueMail } from '../../services/mail.ts';
import { INVITE_LINK_DAYS, RESET_LINK_HOURS, inviteMail, resetMail } from '../../services/mail-templates.ts';
import { createRateLimit } from '../../services/rate-limit.ts';
import { createSession, destroyOtherSessions, destroySession, readSessionUser } from '../../services/sessions.ts';
import { scrubText, scrubUrl } from '../../logger.ts';
import { hashPassword, hashPasswordSync, UNKNOWN_ADDRESS_HASH } from './credentials.ts';
import {
  countPasswordResetsSince,
  findEnabledMemberByEmail,
  findLoginByEmail,
  findPasswordHash,
  findPasswordReset,
  foldErrorReport,
  hasEnabledAdmin,
  insertPasswordReset,
  pruneErrorReports,
  revokeOpenLinks,
  setEmailNotifications,
  setPasswordHash,
  spendPasswordReset,
  writeAccount,
  type ErrorReport,
} from './store.ts';

const WRONG_LOGIN = 'The e-mail address or password is not right. Please try again, or use "Forgot your password?".';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
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

/**
 * error.report is public, so it is bounded: reports per address, characters per field, and the
 * table itself (identical reports fold into one row; rows older than keepDays or beyond maxRows go).
 */
export const ERROR_REPORT_LIMITS = {
  perAddress: 20,
  windowMs: 10 * 60_000,
  messageChars: 1000,
  urlChars: 1000,
  stackChars: 5000,
  userAgentChars: 300,
  keepDays: 30,
  maxRows: 500,
};

export type PasswordLink = { memberId: number; to: string; firstName: string; kind: 'reset' | 'invite' };

/**
 * Stores a one-time password link (a reset, or a new member's invitation) and queues its e-mail,
 * inside the caller's transaction, so the link exists exactly when its e-mail is on its way.
 * The caller kicks the mail service after committing. Other features (members) share it through here.
 */
export function issuePasswordLink(tx: DbOrTx, config: Pick<Config, 'baseUrl' | 'clubName'>, link: PasswordLink): void {
  const token = newToken();
  const lifetimeMs = link.kind === 'invite' ? INVITE_LINK_DAYS * DAY_MS : RESET_LINK_HOURS * HOUR_MS;
  insertPasswordReset(tx, { memberId: link.memberId, tokenHash: hashToken(token), expires: new Date(Date.now() + lifetimeMs).toISOString() });
  const template = link.kind === 'invite' ? inviteMail : resetMail;
  queueMail(tx, template({ to: link.to, firstName: link.firstName, link: `${config.baseUrl}${resetPath(token)}`, clubName: config.clubName }));
}

/**
 * Spends every open reset or invitation link of a member, inside the caller's transaction: when a
 * link is used, the password changes, the e-mail address changes or the member is disabled.
 * Members shares it through here; issue any new link after it, or that link dies too.
 */
export function revokePasswordLinks(tx: DbOrTx, memberId: number): void {
  revokeOpenLinks(tx, memberId);
}

export type NewAccount = {
  email: string;
  password: string | undefined;
  firstName: string;
  lastName: string;
  permissions: Permission[];
  extra?: Parameters<typeof writeAccount>[1]['extra'];
};

/** Creates a member with a password and permissions, or resets an existing one's (by e-mail). For the CLI, start-up and the demo. */
export function upsertAccount(db: Db, { password, ...account }: NewAccount): number {
  const passwordHash = password ? hashPasswordSync(password) : null;
  return db.transaction((tx) => writeAccount(tx, { ...account, passwordHash }));
}

/** ADMIN_EMAIL/ADMIN_PASSWORD create the first admin when the club has none enabled. */
export function ensureAdmin(db: Db, email: string | undefined, password: string | undefined): boolean {
  if (!email || !password || hasEnabledAdmin(db)) return false;
  upsertAccount(db, { email, password, firstName: 'Site', lastName: 'Administrator', permissions: ['admin'] });
  return true;
}

/** Who is asking, as the call gate saw them: their address (for throttling) and their session. */
export type Caller = { ip: string; sessionTokenHash?: string | undefined };

export type AccountService = {
  /** Checks the password (throttled) and opens a session; returns its token and the user. */
  logIn(email: string, password: string, caller: Caller): Promise<{ token: string; user: SessionUser }>;
  logOut(token: string | undefined): void;
  setEmailNotifications(user: SessionUser, wantsEmail: boolean): SessionUser;
  /** Stores a browser's error report: throttled per address, scrubbed of tokens, capped, folded, pruned. */
  reportError(report: ErrorReport, caller: Caller, log: Logger): void;
  /** E-mails a reset link to an enabled member; says nothing about whether the address is known. */
  requestPasswordReset(email: string, caller: Caller, log: Logger): void;
  /** The name of the member a valid, unused reset link belongs to. */
  checkResetLink(token: string): string;
  /** Sets the new password, spends the link and ends every session of the member, all or nothing. */
  resetPassword(token: string, newPassword: string): Promise<void>;
  /** Keeps the session the change was made from and ends the others, together. */
  changePassword(user: SessionUser, oldPassword: string, newPassword: string, caller: Caller): Promise<void>;
};

export function createAccountService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): AccountService {
  const resetRequests = createRateLimit({ windowMs: HOUR_MS, max: MAX_RESET_REQUESTS_PER_IP });
  const errorReports = createRateLimit({ windowMs: ERROR_REPORT_LIMITS.windowMs, max: ERROR_REPORT_LIMITS.perAddress });

  const findLiveReset = (token: string) => {
    const reset = findPasswordReset(db, hashToken(token));
    if (!reset || !reset.memberEnabled) throw new ApiError(404, BAD_LINK);
    if (reset.used) throw badRequest(USED_LINK);
    if (Date.parse(reset.expires) <= Date.now()) throw badRequest(EXPIRED_LINK);
    return reset;
  };

  return {
    async logIn(email, password, { ip }) {
      if (services.loginThrottle.isBlocked(ip, email)) {
        throw tooManyAttempts('Too many failed logins. Please wait 15 minutes and try again, or reset your password.');
      }
      const login = findLoginByEmail(db, email);
      const isMatch = await bcrypt.compare(password, login?.passwordHash ?? UNKNOWN_ADDRESS_HASH);
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
      return { token, user };
    },

    logOut(token) {
      if (token) destroySession(db, hashToken(token));
    },

    setEmailNotifications(user, wantsEmail) {
      setEmailNotifications(db, user.id, wantsEmail);
      return { ...user, emailNotifications: wantsEmail };
    },

    reportError(report, { ip }, log) {
      if (!errorReports.tryTake(ip)) throw tooManyAttempts('Too many error reports from here. Thank you; we have enough for now.');
      const limits = ERROR_REPORT_LIMITS;
      // Any reset or invitation token is taken out (as the logs do), and each field is capped.
      const stored: ErrorReport = {
        memberId: report.memberId,
        message: scrubText(report.message).slice(0, limits.messageChars),
        url: scrubUrl(report.url).slice(0, limits.urlChars),
        stack: scrubText(report.stack).slice(0, limits.stackChars),
        userAgent: report.userAgent.slice(0, limits.userAgentChars),
      };
      const nowMs = Date.now();
      db.transaction((tx) => {
        foldErrorReport(tx, stored, new Date(nowMs).toISOString());
        pruneErrorReports(tx, { beforeIso: new Date(nowMs - limits.keepDays * DAY_MS).toISOString(), keepRows: limits.maxRows });
      });
      log.warn({ clientError: { message: stored.message.slice(0, 500), url: stored.url } }, 'error reported by a browser');
    },

    requestPasswordReset(email, { ip }, log) {
      if (!resetRequests.tryTake(ip)) {
        throw tooManyAttempts('Too many password reset requests from here. Please wait an hour and try again, or ask the club webmaster for help.');
      }
      const member = findEnabledMemberByEmail(db, email);
      if (!member) return;
      if (countPasswordResetsSince(db, member.id, new Date(Date.now() - HOUR_MS).toISOString()) >= MAX_RESETS_PER_ADDRESS) {
        log.warn({ memberId: member.id }, 'password reset e-mails capped for this address');
        return;
      }
      db.transaction((tx) => {
        issuePasswordLink(tx, config, { memberId: member.id, to: member.email, firstName: member.firstName, kind: 'reset' });
      });
      services.mail.kick();
    },

    checkResetLink(token) {
      return findLiveReset(token).memberName;
    },

    async resetPassword(token, newPassword) {
      const reset = findLiveReset(token);
      const passwordHash = await hashPassword(newPassword);
      const isDone = db.transaction((tx) => {
        if (!spendPasswordReset(tx, reset.id)) return false;
        setPasswordHash(tx, reset.memberId, passwordHash);
        destroyOtherSessions(tx, reset.memberId);
        revokeOpenLinks(tx, reset.memberId);
        return true;
      });
      if (!isDone) throw badRequest(USED_LINK);
    },

    async changePassword(user, oldPassword, newPassword, { ip, sessionTokenHash }) {
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
      const passwordHash = await hashPassword(newPassword);
      db.transaction((tx) => {
        setPasswordHash(tx, user.id, passwordHash);
        destroyOtherSessions(tx, user.id, sessionTokenHash);
        revokeOpenLinks(tx, user.id);
      });
    },
  };
}
