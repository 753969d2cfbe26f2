import { hasPermission } from '@club/contracts/plain';
import type { Permission, SessionUser } from '@club/contracts';
import { forbidden } from '../errors.ts';

/**
 * Rules about one record ("the author, or a moderator"; "the owner, or an editor"). Whether a member
 * may make a call at all is the registry's `access`, checked once by the gate (`http/mount-call.ts`);
 * this is only for what the gate cannot know: who owns the record in hand. A record whose owner
 * was deleted (`null`) belongs to nobody: only the permission opens it.
 */
export const mayActOn = (actor: SessionUser, permission: Permission, ownerId: number | null): boolean =>
  actor.id === ownerId || hasPermission(actor.permissions, permission);

/** Throws the 403 `forbidden()` unless the actor owns the record or holds `permission` (admin holds every one). */
export function requireOwnerOrPermission(actor: SessionUser, permission: Permission, ownerId: number | null, message?: string): void {
  if (!mayActOn(actor, permission, ownerId)) throw forbidden(message);
}
