import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEETING } from '@club/contracts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: TestMember;
let historian: TestMember;

beforeAll(() => {
  t = createTestApp();
  admin = createMember(t.db, { permissions: ['admin'] });
  historian = createMember(t.db, { permissions: ['history'] });
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

const GRANGE = {
  name: 'Valley Grange Hall',
  room: '',
  street: '12 Mill Road',
  city: 'Eureka',
  state: 'MO',
  zip: '63025',
  directions: 'Park on the gravel beside the hall.',
  week: 2,
  weekday: 4,
  time: '18:30',
  monthsOff: [12, 1],
};

describe('POST /api/meeting.get.php', () => {
  it('answers the default place and schedule before the admin saves one, to anyone', async () => {
    const res = await request(t.app).get('/api/meeting.get.php');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ m: DEFAULT_MEETING });
  });
});

describe('POST /api/meeting.set.php', () => {
  it("saves the admin's place and schedule and reads them back (months in order, once each)", async () => {
    const res = await post('meeting.set', { g: admin.token, ...GRANGE, monthsOff: [12, 1, 12] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await post('meeting.get', {})).body).toEqual({ m: { ...GRANGE, monthsOff: [1, 12] } });
  });

  it('rejects a missing street, a fifth week and a time that is not HH:MM with 400 naming each', async () => {
    const noStreet = await post('meeting.set', { g: admin.token, ...GRANGE, street: ' ' });
    expect(noStreet.status).toBe(400);
    expect(noStreet.body.e).toMatch(/street/);
    const fifthWeek = await post('meeting.set', { g: admin.token, ...GRANGE, week: 5 });
    expect(fifthWeek.status).toBe(400);
    expect(fifthWeek.body.e).toMatch(/week of the month/);
    const badTime = await post('meeting.set', { g: admin.token, ...GRANGE, time: '7 pm' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.e).toBe('Please enter the start time as HH:MM, like 19:00.');
    const everyMonthOff = await post('meeting.set', { g: admin.token, ...GRANGE, monthsOff: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect(everyMonthOff.status).toBe(400);
  });

  it('refuses a visitor with 401 and a member without the admin permission with 403', async () => {
    const visitor = await post('meeting.set', { ...GRANGE, name: 'Sneaky' });
    expect(visitor.status).toBe(401);
    const editor = await post('meeting.set', { g: historian.token, ...GRANGE, name: 'Sneaky' });
    expect(editor.status).toBe(403);
    expect((await post('meeting.get', {})).body.m.name).not.toBe('Sneaky');
  });
});
