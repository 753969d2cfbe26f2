import { CALLS, type CallName, type Policy } from '@club/contracts/plain';

/**
 * Whether a call's answer depends on who asks: every call that needs a login, and the public
 * reads that show members more (the registry). Their cache entries carry the viewer and are
 * dropped at login and logout.
 */
export function isViewerDependent(name: CallName): boolean {
  const policy: Policy = CALLS[name];
  return policy.access !== 'public' || policy.answersPerViewer === true;
}

/**
 * The one cache key of a call: its name, its payload, and for viewer-dependent calls the
 * session token of the viewer (null for a visitor), so one member never sees another's answer.
 */
export function callQueryKey(name: CallName, body: object, viewer: string | null) {
  return isViewerDependent(name) ? ([name, body, { viewer }] as const) : ([name, body] as const);
}

/** Whether a cached query holds an answer given to someone other than `viewer`. */
export function isOtherViewersKey(queryKey: readonly unknown[], viewer: string | null): boolean {
  const [name, , owner] = queryKey;
  if (typeof name !== 'string' || !(name in CALLS) || !isViewerDependent(name as CallName)) return false;
  return !(typeof owner === 'object' && owner !== null && 'viewer' in owner && owner.viewer === viewer);
}
