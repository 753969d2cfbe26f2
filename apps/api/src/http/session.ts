import type { SessionUser } from '@club/contracts';
import type { Db } from '../db/client.ts';
import { findSessionMember, readSessionUser } from '../services/sessions.ts';
import { hashToken } from '../lib/tokens.ts';

export type ResolvedSession = { user: SessionUser; tokenHash: string };

/**
 * The session token `g` of a parsed request body (JSON, form or multipart), or undefined. The gate
 * (`mount-call.ts`) and the raw side doors (the event's .ics download) read it the same way.
 */
export const tokenOf = (body: unknown): unknown => (typeof body === 'object' && body !== null && 'g' in body ? (body as { g: unknown }).g : undefined);

/** Resolves a `g` token to its member; undefined for an unknown, expired or disabled one. */
export function resolveSession(db: Db, token: unknown): ResolvedSession | undefined {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const memberId = findSessionMember(db, tokenHash);
  if (memberId === undefined) return undefined;
  const user = readSessionUser(db, memberId);
  return user ? { user, tokenHash } : undefined;
}
