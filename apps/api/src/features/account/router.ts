import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createAccountService } from './service.ts';

export function mountAccountCalls(api: ApiRouter, deps: AppDeps): void {
  const account = createAccountService(deps);

  mountCall(api, 'session.create', async ({ u: email, p: password, i: memberId }, { ip }) => {
    const login = await account.logIn(email, password, memberId, { ip });
    return 'people' in login ? { h: login.people } : { g: login.token, u: login.user };
  });

  mountCall(api, 'session.get', (_input, { user }) => ({ u: user }));

  mountCall(api, 'session.destroy', ({ g }) => {
    account.logOut(g);
    return {};
  });

  mountCall(api, 'user.settings.set', ({ e: wantsEmail }, { user }) => ({ u: account.setEmailNotifications(user, wantsEmail) }));

  mountCall(api, 'error.report', ({ e: message, u: url, s: stack }, { user, userAgent, ip, log }) => {
    account.reportError({ memberId: user?.id ?? null, message, url, stack, userAgent }, { ip }, log);
    return {};
  });

  mountCall(api, 'password.request', ({ e: email }, { ip, log }) => {
    account.requestPasswordReset(email, { ip }, log);
    return {};
  });

  mountCall(api, 'password.reset', async ({ g: token, n: newPassword, i: memberId }) => {
    if (newPassword === undefined) {
      const link = account.checkResetLink(token);
      return 'name' in link ? { u: link.name } : { h: link.people };
    }
    await account.resetPassword(token, newPassword, memberId);
    return {};
  });

  mountCall(api, 'signIn.request', ({ e: email }, { ip, log }) => {
    account.requestSignInLink(email, { ip }, log);
    return {};
  });

  mountCall(api, 'signIn.check', ({ t: token }) => {
    const link = account.checkSignInLink(token);
    return 'name' in link ? { u: link.name } : { h: link.people };
  });

  mountCall(api, 'signIn.use', ({ t: token, i: memberId }) => {
    const { token: sessionToken, user } = account.useSignInLink(token, memberId);
    return { g: sessionToken, u: user };
  });

  mountCall(api, 'password.change', async ({ o: oldPassword, n: newPassword }, { user, sessionTokenHash, ip }) => {
    await account.changePassword(user, oldPassword, newPassword, { ip, sessionTokenHash });
    return {};
  });
}
