import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestAppWithMember } from '../../test/test-app.ts';

const { t, member } = createTestAppWithMember();

describe('request bodies', () => {
  it('does not read fields through a "__proto__" key', async () => {
    const res = await request(t.app).post('/api/session.get.php').set('Content-Type', 'application/json').send(`{"__proto__": {"g": "${member.token}"}}`);
    expect(res.status).toBe(401);
  });

  it('ignores "constructor" and "prototype" keys', async () => {
    const res = await request(t.app)
      .post('/api/session.get.php')
      .set('Content-Type', 'application/json')
      .send(`{"g": "${member.token}", "constructor": {"x": 1}, "prototype": {"y": 2}}`);
    expect(res.status).toBe(200);
    expect(res.body.u.id).toBe(member.id);
  });
});
