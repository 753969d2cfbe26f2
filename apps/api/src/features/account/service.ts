import { resetPath, signInPath } from '@club/contracts/plain';
import type { LinkPerson, Permission, SessionUser } from '@club/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, badRequest, notLoggedIn, tooManyAttempts } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueMail } from '../../services/mail.ts';
import { INVITE_LINK_DAYS, RESET_LINK_HOURS, SIGN_IN_LINK_MINUTES, inviteMail, resetMail, signInMail } from '../../services/mail-templates.ts';
import { joinNames } from '../../services/households.ts';
import { createRateLimit } from '../../services/rate-limit.ts';
import { createSession, destroyOtherSessions, destroySession, readSessionUser } from '../../services/sessions.ts';
import { scrubText, scrubUrl } from '../../logger.ts';
import { hashPassword, hashPasswordSync, passwordMatches, UNKNOWN_ADDRESS_HASH } from './credentials.ts';
import {
  countMostPasswordsAtOneAddress,
  countPasswordResetsSince,
  findEnabledMembersByEmail,
  countOtherEnabledPasswords,
  findLoginsByEmail,
  findPasswordHash,
  passwordResetFinder,
  foldErrorReport,
  hasEnabledAdmin,
  insertAccount,
  insertPasswordReset,
  pruneErrorReports,
  revokeOpenLinks,
  setEmailNotifications,
  setPasswordHash,
  spendLinkRows,
  spendPasswordReset,
  writeAccount,
  type ErrorReport,
  type LinkPurpose,
  type LoginRecord,
  type PasswordReset,
} from './store.ts';

export { SharedAddressError } from './store.ts';

const WRONG_LOGIN = 'The e-mail address or password is not right. Please try again, or use “Forgot your password?”.';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Links e-mailed to one address per hour; more requests are answered alike but send nothing. */
const MAX_RESETS_PER_ADDRESS = 3;
/** Reset requests from one connection per hour, whatever the address, to stop mail bombing. */
const MAX_RESET_REQUESTS_PER_IP = 30;

/** What a dead link says, by what it was for. */
const LINK_MESSAGES: Record<LinkPurpose, { bad: string; used: string; expired: string }> = {
  password: {
    bad: 'This password link is not valid. Please check that you opened the whole link from the e-mail, or ask for a new one with “Forgot your password?” on the Member Login page.',
    used: 'This password link has already been used. If you still need to set your password, ask for a new link with “Forgot your password?” on the Member Login page.',
    expired: 'This password link has expired. Please ask for a new one with “Forgot your password?” on the Member Login page.',
  },
  signin: {
    bad: 'This sign-in link is not valid. Please check that you opened the whole link from the e-mail, or ask for a new one with “E-mail me a sign-in link” on the Member Login page.',
    used: 'This sign-in link has already been used. Ask for a new one with “E-mail me a sign-in link” on the Member Login page, or log in with your password.',
    expired: `This sign-in link has expired (they work for ${SIGN_IN_LINK_MINUTES} minutes). Please ask for a new one with “E-mail me a sign-in link” on the Member Login page.`,
  },
};
const CHOOSE_PERSON = 'This link went to an e-mail address several members share. Please choose who you are.';
/**
 * The most members at one address a login tries (and so the most comparisons any login makes):
 * a couple and one more. Each costs a bcrypt comparison of about a quarter of a second of CPU.
 */
const MAX_PASSWORDS_PER_ADDRESS = 3;
const ADDRESS_FULL = `${MAX_PASSWORDS_PER_ADDRESS} members who share your e-mail address already log in with a password, the most one address can have. Please log in with “E-mail me a sign-in link” on the Member Login page instead, or ask the club to give you an e-mail address of your own.`;
/** Changes of password one member may make in the window, right or wrong, before waiting. */
const MAX_PASSWORD_CHANGES = 5;
const PASSWORD_CHANGE_WINDOW_MS = 15 * 60_000;

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

/** Who a link is for: one member, or everyone who shares the address (the page asks who). */
export type PasswordLink = { to: string; members: { id: number; firstName: string }[]; kind: 'reset' | 'invite' | 'signin' };

/** Each kind of link: what it is for, how long it works, its e-mail and the page it opens. */
const LINK_KINDS = {
  reset: { purpose: 'password', lifetimeMs: RESET_LINK_HOURS * HOUR_MS, template: resetMail, pathOf: resetPath },
  invite: { purpose: 'password', lifetimeMs: INVITE_LINK_DAYS * DAY_MS, template: inviteMail, pathOf: resetPath },
  signin: { purpose: 'signin', lifetimeMs: SIGN_IN_LINK_MINUTES * 60_000, template: signInMail, pathOf: signInPath },
} as const satisfies Record<PasswordLink['kind'], { purpose: LinkPurpose; lifetimeMs: number; template: unknown; pathOf: (token: string) => string }>;

/**
 * Stores a one-time link (a reset, a new member's invitation, or a sign-in link) and queues its e-mail
 * (personal mail, never behind bulk),
 * inside the caller's transaction, so the link exists exactly when its e-mail is on its way. A link
 * for a shared address is one token with a row per member; the e-mail greets them all and names no
 * choice (the page it opens asks who). The caller kicks the mail service after committing. Other
 * features (members) share it through here.
 */
export function issuePasswordLink(tx: DbOrTx, config: Pick<Config, 'baseUrl' | 'clubName'>, link: PasswordLink): void {
  const token = newToken();
  const kind = LINK_KINDS[link.kind];
  const expires = new Date(Date.now() + kind.lifetimeMs).toISOString();
  for (const member of link.members) insertPasswordReset(tx, { memberId: member.id, tokenHash: hashToken(token), expires, purpose: kind.purpose });
  const firstName = joinNames(link.members.map((member) => member.firstName));
  queueMail(tx, kind.template({ to: link.to, firstName, link: `${config.baseUrl}${kind.pathOf(token)}`, clubName: config.clubName }));
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

/** An account whose password is hashed already (hashPassword): the demo hashes its accounts side by side. */
export type HashedAccount = Omit<NewAccount, 'password'> & { passwordHash: string | null };

/** Creates a member with a password and permissions, or resets an existing one's (by e-mail). For the CLI, start-up and the demo. */
export function upsertAccount(db: Db, { password, ...account }: NewAccount): number {
  return upsertHashedAccount(db, { ...account, passwordHash: password ? hashPasswordSync(password) : null });
}

/** As upsertAccount, with the password hashed already. */
export function upsertHashedAccount(db: Db, account: HashedAccount): number {
  return db.transaction((tx) => writeAccount(tx, account));
}

/** Creates a new member with a password even where the address is taken already (a household's second member): for the demo. */
export function addHashedAccount(db: Db, account: HashedAccount): number {
  return db.transaction((tx) => insertAccount(tx, account));
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create the first admin when the club has none enabled, or beside the
 * demo's administrators when demo content has just filled the database (`besideDemo`).
 */
export function ensureAdmin(db: Db, email: string | undefined, password: string | undefined, { besideDemo = false } = {}): boolean {
  if (!email || !password || (!besideDemo && hasEnabledAdmin(db))) return false;
  upsertAccount(db, { email, password, firstName: 'Site', lastName: 'Administrator', permissions: ['admin'] });
  return true;
}

/**
 * The members whose password this is among those with the address (a household may share one):
 * the enabled ones if any matched, else a disabled one. A login tries the address's first
 * MAX_PASSWORDS_PER_ADDRESS passwords (enabled members first) and makes the same number of bcrypt
 * comparisons every time, `compares` (the most passwords any one address has, capped there, at
 * least one): each hash tried at this address, whichever matches, then the unknown-address hash
 * for the rest. So the time taken tells neither whether the address is known, nor how many
 * members share it, nor which of them it was, and no household makes every login slower than the
 * cap. (Comparisons cost alike because every stored hash has BCRYPT_ROUNDS, as the stand-in has.)
 */
async function findLoginsByPassword(logins: LoginRecord[], password: string, compares: number): Promise<LoginRecord[]> {
  const tried = logins
    .filter((login): login is LoginRecord & { passwordHash: string } => login.passwordHash !== null)
    .sort((a, b) => Number(b.enabled) - Number(a.enabled))
    .slice(0, MAX_PASSWORDS_PER_ADDRESS);
  const matches: LoginRecord[] = [];
  for (const login of tried) {
    if (await passwordMatches(password, login.passwordHash)) matches.push(login);
  }
  for (let made = tried.length; made < compares; made += 1) await passwordMatches(password, UNKNOWN_ADDRESS_HASH);
  const enabled = matches.filter((login) => login.enabled);
  return enabled.length > 0 ? enabled : matches.slice(0, 1);
}

/** Who is asking, as the call gate saw them: their address (for throttling) and their session. */
type Caller = { ip: string; sessionTokenHash?: string | undefined };

export type AccountService = {
  /**
   * Checks the password (throttled) and opens a session; returns its token and the user, or, when
   * members sharing the address have chosen the same password, who they are (`memberId`, one of
   * them, picks the person).
   */
  logIn(
    email: string,
    password: string,
    memberId: number | undefined,
    caller: Caller,
  ): Promise<{ token: string; user: SessionUser } | { people: LinkPerson[] }>;
  logOut(token: string | undefined): void;
  setEmailNotifications(user: SessionUser, wantsEmail: boolean): SessionUser;
  /** Stores a browser's error report: throttled per address, scrubbed of tokens, capped, folded, pruned. */
  reportError(report: ErrorReport, caller: Caller, log: Logger): void;
  /** E-mails a reset link to an enabled member; says nothing about whether the address is known. */
  requestPasswordReset(email: string, caller: Caller, log: Logger): void;
  /** E-mails a sign-in link to an enabled member (everyone at a shared address); throttled like resets, says nothing either. */
  requestSignInLink(email: string, caller: Caller, log: Logger): void;
  /** Whom a valid, unused sign-in link is for, without using it (mail scanners open links). */
  checkSignInLink(token: string): { name: string } | { people: LinkPerson[] };
  /** Uses a sign-in link once: a session for its member (the one chosen, at a shared address). */
  useSignInLink(token: string, memberId: number | undefined): { token: string; user: SessionUser };
  /** Whom a valid, unused reset link is for: one member's name, or the members sharing its address to choose from. */
  checkResetLink(token: string): { name: string } | { people: LinkPerson[] };
  /**
   * Sets the new password of the member (the one chosen, where the link is for several), spends the
   * link and ends every session of the member, all or nothing.
   */
  resetPassword(token: string, newPassword: string, memberId: number | undefined): Promise<void>;
  /** Keeps the session the change was made from and ends the others, together. */
  changePassword(user: SessionUser, oldPassword: string, newPassword: string, caller: Caller): Promise<void>;
};

export function createAccountService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): AccountService {
  const resetRequests = createRateLimit({ windowMs: HOUR_MS, max: MAX_RESET_REQUESTS_PER_IP });
  const signInRequests = createRateLimit({ windowMs: HOUR_MS, max: MAX_RESET_REQUESTS_PER_IP });
  const errorReports = createRateLimit({ windowMs: ERROR_REPORT_LIMITS.windowMs, max: ERROR_REPORT_LIMITS.perAddress });
  const passwordChanges = createRateLimit({ windowMs: PASSWORD_CHANGE_WINDOW_MS, max: MAX_PASSWORD_CHANGES });
  const findPasswordResets = passwordResetFinder(db);

  /** The open rows of a link, one per member it is still good for; throws the link's message otherwise. */
  const findLiveReset = (token: string, purpose: LinkPurpose = 'password'): PasswordReset[] => {
    const messages = LINK_MESSAGES[purpose];
    const rows = findPasswordResets(hashToken(token), purpose).filter((row) => row.memberEnabled);
    if (rows.length === 0) throw new ApiError(404, messages.bad);
    const open = rows.filter((row) => !row.used);
    if (open.length === 0) throw badRequest(messages.used);
    if (open.some((row) => Date.parse(row.expires) <= Date.now())) throw badRequest(messages.expired);
    return open;
  };

  /** Whom a live link is for: one name, or the people sharing its address to choose from. */
  const describeLink = (rows: PasswordReset[]): { name: string } | { people: LinkPerson[] } => {
    const [only] = rows;
    if (only && rows.length === 1) return { name: only.memberName };
    return { people: rows.map((row) => ({ i: row.memberId, n: row.memberName })) };
  };

  /**
   * E-mails a link to everyone enabled at the address, unless this address has had its three of
   * this kind in the last hour; an unknown address gets nothing, and the answer is the same.
   */
  const requestLink = (email: string, kind: 'reset' | 'signin', log: Logger): void => {
    const household = findEnabledMembersByEmail(db, email);
    const [first] = household;
    if (!first) return;
    const ids = household.map((member) => member.id);
    if (countPasswordResetsSince(db, ids, new Date(Date.now() - HOUR_MS).toISOString(), LINK_KINDS[kind].purpose) >= MAX_RESETS_PER_ADDRESS) {
      log.warn({ memberIds: ids, kind }, 'link e-mails capped for this address');
      return;
    }
    db.transaction((tx) => {
      issuePasswordLink(tx, config, { to: first.email, members: household, kind });
    });
    services.mail.kick();
  };

  /** The row of the person using a link: the only one, or the one chosen among those sharing the address. */
  const chooseRow = (rows: PasswordReset[], memberId: number | undefined): PasswordReset => {
    const [only] = rows;
    if (only && rows.length === 1 && (memberId === undefined || memberId === only.memberId)) return only;
    const chosen = rows.find((row) => row.memberId === memberId);
    if (!chosen) throw badRequest(CHOOSE_PERSON);
    return chosen;
  };

  /**
   * Refuses a password for a member the login would not try: MAX_PASSWORDS_PER_ADDRESS other
   * enabled members at the address have one already. (A new password is never compared with
   * another member's: partners may choose the same one, and logging in then asks who.)
   */
  const refuseBeyondAddressCap = (memberId: number): void => {
    if (countOtherEnabledPasswords(db, memberId) >= MAX_PASSWORDS_PER_ADDRESS) throw badRequest(ADDRESS_FULL);
  };

  return {
    async logIn(email, password, memberId, { ip }) {
      if (services.loginThrottle.isBlocked(ip, email)) {
        throw tooManyAttempts('Too many failed logins. Please wait 15 minutes and try again, or reset your password.');
      }
      const compares = Math.min(MAX_PASSWORDS_PER_ADDRESS, Math.max(1, countMostPasswordsAtOneAddress(db)));
      const matches = await findLoginsByPassword(findLoginsByEmail(db, email), password, compares);
      const [only] = matches;
      const login = matches.length === 1 ? only : matches.find((match) => match.id === memberId);
      if (!login && matches.length > 1 && memberId === undefined) {
        // Partners with one password: they choose who they are, as on a sign-in link's page.
        return { people: matches.map((match) => ({ i: match.id, n: readSessionUser(db, match.id)?.name ?? '' })) };
      }
      if (!login || (memberId !== undefined && login.id !== memberId)) {
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
      requestLink(email, 'reset', log);
    },

    requestSignInLink(email, { ip }, log) {
      if (!signInRequests.tryTake(ip)) {
        throw tooManyAttempts('Too many sign-in link requests from here. Please wait an hour and try again, or log in with your password.');
      }
      requestLink(email, 'signin', log);
    },

    checkSignInLink(token) {
      return describeLink(findLiveReset(token, 'signin'));
    },

    useSignInLink(token, memberId) {
      const link = chooseRow(findLiveReset(token, 'signin'), memberId);
      const sessionToken = newToken();
      const isDone = db.transaction((tx) => {
        if (!spendPasswordReset(tx, link.id)) return false;
        spendLinkRows(tx, hashToken(token));
        createSession(tx, link.memberId, hashToken(sessionToken));
        return true;
      });
      if (!isDone) throw badRequest(LINK_MESSAGES.signin.used);
      const user = readSessionUser(db, link.memberId);
      if (!user) throw new ApiError(404, LINK_MESSAGES.signin.bad);
      return { token: sessionToken, user };
    },

    checkResetLink(token) {
      return describeLink(findLiveReset(token));
    },

    async resetPassword(token, newPassword, memberId) {
      const reset = chooseRow(findLiveReset(token), memberId);
      refuseBeyondAddressCap(reset.memberId);
      const passwordHash = await hashPassword(newPassword);
      const isDone = db.transaction((tx) => {
        if (!spendPasswordReset(tx, reset.id)) return false;
        spendLinkRows(tx, hashToken(token));
        setPasswordHash(tx, reset.memberId, passwordHash);
        destroyOtherSessions(tx, reset.memberId);
        revokeOpenLinks(tx, reset.memberId);
        return true;
      });
      if (!isDone) throw badRequest(LINK_MESSAGES.password.used);
    },

    async changePassword(user, oldPassword, newPassword, { ip, sessionTokenHash }) {
      // Keyed by member, not address, so guessing the old password through a stolen session is slowed too.
      const throttleKey = `member#${user.id}`;
      if (services.loginThrottle.isBlocked(ip, throttleKey)) {
        throw tooManyAttempts('Too many wrong old passwords. Please wait 15 minutes and try again, or log out and use “Forgot your password?”.');
      }
      // Every change counts, right or wrong, so a session cannot try password after password.
      if (!passwordChanges.tryTake(throttleKey)) {
        throw tooManyAttempts('You have changed your password several times in the last few minutes. Please wait 15 minutes and try again.');
      }
      const currentHash = findPasswordHash(db, user.id);
      if (!currentHash || !(await passwordMatches(oldPassword, currentHash))) {
        services.loginThrottle.recordFailure(ip, throttleKey);
        throw badRequest('The old password is not right. Please type your current password again, or log out and use “Forgot your password?”.');
      }
      services.loginThrottle.recordSuccess(ip, throttleKey);
      refuseBeyondAddressCap(user.id);
      const passwordHash = await hashPassword(newPassword);
      db.transaction((tx) => {
        setPasswordHash(tx, user.id, passwordHash);
        destroyOtherSessions(tx, user.id, sessionTokenHash);
        revokeOpenLinks(tx, user.id);
      });
    },
  };
}
