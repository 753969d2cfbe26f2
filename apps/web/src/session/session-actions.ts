import type { LinkPerson, SessionUser } from '@club/contracts';
import type { CallBody, CallName, CallResponse } from '../api/client.ts';
import { clearSessionToken, getSessionToken, rememberSessionUser, setSessionToken } from '../lib/session-token.ts';

/**
 * The API client (and the calls registry it reads) loads with the first call, not with the entry:
 * a visitor's first paint makes none, and these actions run only when someone logs in or out.
 */
const callApi = async <N extends CallName>(name: N, body: CallBody<N>): Promise<CallResponse<N>> => (await import('../api/client.ts')).callApi(name, body);

/** A login's outcome: the member, or the members sharing the address who use this password, to choose from. */
export type LoginResult = SessionUser | { people: LinkPerson[] };

/**
 * Logs in with an e-mail address and password; throws `ApiError` with the server's message.
 * `choice` is the person chosen once the form has asked who it is (partners sharing the address
 * use the same password): none chosen is refused here, before any call.
 */
export async function login(username: string, password: string, choice?: { memberId: number | undefined }): Promise<LoginResult> {
  if (choice && choice.memberId === undefined) {
    const { ApiError } = await import('../api/client.ts');
    throw new ApiError('Please choose who you are.', 400);
  }
  const reply = await callApi('session.create', { u: username, p: password, ...(choice?.memberId === undefined ? {} : { i: choice.memberId }) });
  return 'h' in reply ? { people: reply.h } : startSession(Promise.resolve(reply));
}

/**
 * Logs in with an e-mailed sign-in link (as the person chosen, where the link went to an address
 * several members share); throws `ApiError` with the server's message.
 */
export async function loginWithLink(token: string, memberId: number | undefined): Promise<SessionUser> {
  return startSession(callApi('signIn.use', { t: token, ...(memberId === undefined ? {} : { i: memberId }) }));
}

/** Makes a new session this browser's: its token stored, its member known at once. */
async function startSession(call: Promise<{ g: string; u: SessionUser }>): Promise<SessionUser> {
  const [reply, { queryClient, carryAnswersOver }, { callQueryKey }] = await Promise.all([
    call,
    import('../api/query-client.ts'),
    import('../api/query-keys.ts'),
  ]);
  const previous = getSessionToken();
  const previousUser = previous === null ? undefined : queryClient.getQueryData<{ u: SessionUser }>(callQueryKey('session.get', {}, previous))?.u;
  // The same member logging in again (their session had ended) keeps the page they are on as it
  // is: the answers they were given move to the new session instead of loading again.
  if (previous !== null && previousUser?.id === reply.u.id) carryAnswersOver(previous, reply.g);
  // Seed the user before publishing the token, so no extra session.get is made.
  queryClient.setQueryData(callQueryKey('session.get', {}, reply.g), { u: reply.u });
  rememberSessionUser(reply.g, reply.u);
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
