import type { Permission, SessionUser } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { mayActOn, requireOwnerOrPermission } from './access.ts';

const member = (id: number, permissions: Permission[]): SessionUser => ({
  id,
  name: `Member ${id}`,
  displayName: '',
  permissions,
  emailNotifications: false,
});

describe('mayActOn', () => {
  it('lets the owner act without the permission', () => {
    expect(mayActOn(member(7, []), 'event', 7)).toBe(true);
  });

  it('lets a holder of the permission, or an admin, act on someone else’s record', () => {
    expect(mayActOn(member(7, ['event']), 'event', 8)).toBe(true);
    expect(mayActOn(member(7, ['admin']), 'event', 8)).toBe(true);
    expect(mayActOn(member(7, ['moderator']), 'forum', 8)).toBe(true);
  });

  it('refuses anyone else', () => {
    expect(mayActOn(member(7, ['blog']), 'event', 8)).toBe(false);
    expect(mayActOn(member(7, ['forum']), 'moderator', 8)).toBe(false);
  });

  it('treats a record whose owner was deleted as nobody’s', () => {
    expect(mayActOn(member(7, []), 'event', null)).toBe(false);
    expect(mayActOn(member(7, ['event']), 'event', null)).toBe(true);
  });
});

describe('requireOwnerOrPermission', () => {
  it('throws a 403 with the given message, or the default one', () => {
    const refuse = (message?: string) => () => requireOwnerOrPermission(member(7, []), 'event', 8, message);
    expect(refuse('Only the owner or an editor can change this car.')).toThrow(
      expect.objectContaining({ status: 403, message: 'Only the owner or an editor can change this car.' }),
    );
    expect(refuse()).toThrow(ApiError);
    expect(refuse()).toThrow(/do not have permission/);
  });

  it('passes the owner and a holder of the permission', () => {
    expect(() => requireOwnerOrPermission(member(7, []), 'event', 7)).not.toThrow();
    expect(() => requireOwnerOrPermission(member(7, ['event']), 'event', 8)).not.toThrow();
  });
});
