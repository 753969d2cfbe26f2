import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { presidents } from '../db/schema/index.ts';
import { createTestApp, createTestAppWithMember } from '../../test/test-app.ts';

const { t, member } = createTestAppWithMember();

describe('every call', () => {
  it('accepts JSON, urlencoded and multipart bodies alike', async () => {
    const json = await request(t.app).post('/api/session.get.php').send({ g: member.token });
    const form = await request(t.app).post('/api/session.get.php').type('form').send({ g: member.token });
    const multipart = await request(t.app).post('/api/session.get.php').field('g', member.token);
    for (const res of [json, form, multipart]) {
      expect(res.status).toBe(200);
      expect(res.body.u.id).toBe(member.id);
    }
  });

  it('answers malformed JSON with 400 {e}', async () => {
    const res = await request(t.app).post('/api/session.create.php').set('Content-Type', 'application/json').send('{"u":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ e: 'The request body is not valid JSON.' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await request(t.app).post('/api/no.such.call.php').send({});
    expect(res.status).toBe(404);
    expect(res.body.e).toContain('/api/no.such.call.php');
  });

  it('finds a call by its path written in any case or with a trailing slash, and only for POST, GET and HEAD', async () => {
    for (const path of ['/api/SESSION.get.php', '/api/session.get.php/']) {
      const res = await request(t.app).post(path).send({ g: member.token });
      expect(res.status, path).toBe(200);
      expect(res.body.u.id).toBe(member.id);
    }
    expect((await request(t.app).head('/api/presidents.get.php')).status).toBe(200);
    const put = await request(t.app).put('/api/session.get.php').send({ g: member.token });
    expect(put.status).toBe(404);
    expect(put.body.e).toContain('/api/session.get.php');
  });

  it('names the field that failed validation', async () => {
    const res = await request(t.app).post('/api/session.create.php').send({ u: 'someone@example.org' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter the password.');
  });

  it('answers GET for calls that take no payload, with the same answer as POST', async () => {
    const id = t.db.insert(presidents).values({ year: 1931, name: 'Henry Ames' }).returning({ id: presidents.id }).get().id;
    const res = await request(t.app).get('/api/presidents.get.php');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ p: [{ id, year: 1931, name: 'Henry Ames' }] });
    expect((await request(t.app).post('/api/presidents.get.php').send({})).body).toEqual(res.body);
  });

  it('refuses GET for calls that carry a payload', async () => {
    const res = await request(t.app).get('/api/session.create.php');
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/POST/);
  });

  it('sends security headers and a request id', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hides internals of an unexpected failure behind a plain 500', async () => {
    const broken = createTestApp();
    broken.db.$client.exec('DROP TABLE error_reports');
    const res = await request(broken.app).post('/api/error.report.php').send({ e: 'boom' });
    broken.close();
    expect(res.status).toBe(500);
    expect(res.body.e).toMatch(/Something went wrong/);
    expect(JSON.stringify(res.body)).not.toMatch(/error_reports|SQLITE|at .*\.ts/);
  });
});
