import { CALL_NAMES, registry, type CallName } from '@club/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Generated from the registry: every guarded call refuses an anonymous visitor with 401 and a
 * member without the needed permission with 403, before it looks at the payload.
 */
let t: TestApp;
let plainMember: TestMember;

beforeAll(() => {
  t = createTestApp();
  plainMember = createMember(t.db);
});
afterAll(() => t.close());

const guarded = CALL_NAMES.filter((name) => registry[name].access !== 'public');
const needsPermission = guarded.filter((name) => registry[name].access !== 'loggedIn');

describe.each(guarded)('POST /api/%s.php', (name: CallName) => {
  it('refuses an anonymous visitor with 401 and {e}', async () => {
    const res = await request(t.app).post(registry[name].path).send({});
    expect(res.status).toBe(401);
    expect(res.body.e).toMatch(/log in/i);
  });

  it('refuses an unknown session token with 401', async () => {
    const res = await request(t.app).post(registry[name].path).type('form').send({ g: 'not-a-real-token' });
    expect(res.status).toBe(401);
    expect(res.body.e).toMatch(/log in again/i);
  });
});

describe.each(needsPermission)('POST /api/%s.php without its permission', (name: CallName) => {
  it(`refuses a member lacking "${String(registry[name].access)}" with 403`, async () => {
    const res = await request(t.app).post(registry[name].path).send({ g: plainMember.token });
    expect(res.status).toBe(403);
    expect(res.body.e).toMatch(/permission/i);
  });
});

describe('the registry', () => {
  it('guards every call that changes club content with a permission', () => {
    const writes = CALL_NAMES.filter((name) => /\.(save|set|delete|update|create(Thread|Post))$/.test(name));
    const open = writes.filter((name) => !['admin', 'history', 'event', 'blog', 'member', 'forum', 'moderator'].includes(registry[name].access));
    // car.save and car.delete: a member's own record, the car's owner or else a member editor (services/access.ts, garage.api.test.ts).
    // listing.save: every member places and edits their own listings; listing.delete: its seller or a moderator (classifieds.api.test.ts).
    // digest.set: the member's own weekly-digest setting, like user.settings.set.
    expect(open.sort()).toEqual([
      'attendance.set',
      'car.delete',
      'car.save',
      'digest.set',
      'listing.delete',
      'listing.save',
      'signup.set',
      'token.save',
      'user.settings.set',
    ]);
  });
});
