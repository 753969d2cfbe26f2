import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const bodies: Record<string, string> = {
  'a truncated body': '--XYZ\r\nContent-Disposition: form-data; name="g"\r\n\r\nabc',
  'a malformed part header': '--XYZ\r\nContent-Disposition form-data name\r\n\r\nabc\r\n--XYZ--\r\n',
};

describe('malformed multipart bodies', () => {
  for (const [label, body] of Object.entries(bodies)) {
    for (const call of ['session.get', 'member.save']) {
      it(`answers ${label} to ${call} with 400 {e}`, async () => {
        const res = await request(t.app).post(`/api/${call}.php`).set('Content-Type', 'multipart/form-data; boundary=XYZ').send(body);
        expect(res.status).toBe(400);
        expect(res.body.e).toMatch(/could not be read/);
      });
    }
  }
});
