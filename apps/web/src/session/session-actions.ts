import type { SessionUser } from '@club/contracts';
import { callApi } from '../api/client.ts';
import { callQueryKey } from '../api/query-keys.ts';
import { clearSessionToken, getSessionToken, setSessionToken } from '../lib/session-token.ts';

/** Logs in with an e-mail address and password; throws `ApiError` with the server's message. */
export async function login(username: string, password: string): Promise<SessionUser> {
  const [reply, { queryClient }] = await Promise.all([
    callApi('session.create', { u: username, p: password }),
    import('../api/query-client.ts'),
  ]);
  // Seed the user before publishing the token, so no extra session.get is made.
  queryClient.setQueryData(callQueryKey('session.get', {}, reply.g), { u: reply.u });
  setSessionToken(reply.g);
  return reply.u;
}

/**
 * Ends the session on the server and in this browser. The local part happens at once: a
 * member who presses Log out on a flaky connection must not stay logged in.
 */
export async function logout(): Promise<void> {
  const token = getSessionToken();
  if (token === null) return;
  const destroying = callApi('session.destroy', { g: token }).catch(() => undefined);
  clearSessionToken();
  await destroying;
}
