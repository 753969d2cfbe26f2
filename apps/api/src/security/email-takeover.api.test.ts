import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, outbox } from '../db/schema/index.ts';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestMember;
let secretary: TestMember;
beforeAll(() => {
  t = createTestApp();
  admin = createMember(t.db, { permissions: ['admin'] });
  secretary = createMember(t.db, { permissions: ['member'] });
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);
const form = (g: string, member: { id: number; email: string }, extra: Record<string, unknown> = {}) => ({
  g,
  i: member.id,
  o: 1,
  fn: 'Plain',
  l: 'Member',
  e: member.email,
  ...extra,
});
const mailTo = (address: string) => t.db.select().from(outbox).where(eq(outbox.to, address)).all();

describe("changing a member's e-mail address", () => {
  it('is refused to a member editor when the member has a password', async () => {
    const victim = createMember(t.db);
    const res = await post('member.save', form(secretary.token, victim, { e: 'attacker@example.test', invite: 1 }));
    expect(res.status).toBe(403);
    expect(t.db.select({ email: members.email }).from(members).where(eq(members.id, victim.id)).get()?.email).toBe(victim.email);
    expect(mailTo('attacker@example.test')).toEqual([]);
  });

  it('is allowed to a member editor for a member who never set a password', async () => {
    const id = t.db.insert(members).values({ email: 'typo@exmaple.test', firstName: 'New', lastName: 'Member' }).returning({ id: members.id }).get().id;
    const res = await post('member.save', form(secretary.token, { id, email: 'typo@exmaple.test' }, { e: 'typo.fixed@example.test' }));
    expect(res.status).toBe(200);
    expect(mailTo('typo@exmaple.test')).toHaveLength(1);
  });

  it('is allowed to an administrator, and the old address is told', async () => {
    const member = createMember(t.db);
    const res = await post('member.save', form(admin.token, member, { e: 'moved@example.test' }));
    expect(res.status).toBe(200);
    const notices = mailTo(member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toMatch(/e-mail address/i);
    expect(notices[0]?.text).toContain('moved@example.test');
  });
});
