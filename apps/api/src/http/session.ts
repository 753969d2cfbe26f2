import type { SessionUser } from '@club/contracts';
import type { Db } from '../db/client.ts';
import { findSessionMember, readSessionUser } from '../services/sessions.ts';
import { hashToken } from '../lib/tokens.ts';

export type ResolvedSession = { user: SessionUser; tokenHash: string };

/** Resolves a `g` token to its member; undefined for an unknown, expired or disabled one. */
export function resolveSession(db: Db, token: unknown): ResolvedSession | undefined {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const memberId = findSessionMember(db, tokenHash);
  if (memberId === undefined) return undefined;
  const user = readSessionUser(db, memberId);
  return user ? { user, tokenHash } : undefined;
}
