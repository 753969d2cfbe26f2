import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token (session, password reset). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a copy of the database opens nothing. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
