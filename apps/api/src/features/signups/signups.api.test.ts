import type { EventReply, EventSignups, RosterReply } from '@club/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, attendanceCars, cars, events, members, outbox, pushQueue, pushSubscriptions } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';

let t: TestApp;
let editor: TestMember;
let admin: TestMember;
let ann: TestMember;
let bob: TestMember;

beforeAll(() => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example.org' });
  editor = createMember(t.db, { permissions: ['event'] });
  admin = createMember(t.db, { permissions: ['admin'] });
  ann = createMember(t.db, { firstName: 'Ann', lastName: 'Attender' });
  bob = createMember(t.db, { firstName: 'Bob', lastName: 'Bystander' });
  giveCars(ann, ['1930 Tudor', "'31 Deluxe Roadster"]);
  giveCars(bob, ['1929 AA truck']);
  t.db.update(members).set({ phone: '314-555-0101' }).where(eq(members.id, ann.id)).run();
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

/** The member's cars in the registry, each read back exactly as given (name only). */
function giveCars(member: TestMember, lines: string[]): void {
  t.db.delete(cars).where(eq(cars.ownerId, member.id)).run();
  for (const name of lines) t.db.insert(cars).values({ ownerId: member.id, name }).run();
}

/** The registry id of a member's car named `name`. */
function carIdOf(member: TestMember, name: string): number {
  const car = t.db
    .select({ id: cars.id, ownerId: cars.ownerId, name: cars.name })
    .from(cars)
    .all()
    .find((c) => c.ownerId === member.id && c.name === name);
  if (!car) throw new Error(`no car ${name}`);
  return car.id;
}

/** A tour straight in the database: the start decides whether check-in is open. */
function addEvent(fields: Partial<typeof events.$inferInsert> = {}): number {
  return t.db
    .insert(events)
    .values({ title: 'Fall Color Tour', start: '2099-10-10T09:00', end: '2099-10-10T16:00', venue: 'Hermann', ...fields })
    .returning({ id: events.id })
    .get().id;
}

async function settings(eventId: number, body: object = {}, token = editor.token) {
  return post('signup.settings', { g: token, eventId, ...body });
}

async function signUp(member: TestMember, eventId: number, body: object = {}) {
  return post('signup.set', { g: member.token, eventId, answer: 'attending', ...body });
}

async function readSignups(member: TestMember, eventId: number): Promise<EventSignups> {
  const res = await post('event.get', { g: member.token, id: eventId });
  expect(res.status).toBe(200);
  const { signups } = res.body as EventReply;
  if (!signups) throw new Error('no sign-ups in the reply');
  return signups;
}

async function readRoster(eventId: number, token = editor.token): Promise<RosterReply> {
  const res = await post('event.roster', { g: token, eventId });
  expect(res.status).toBe(200);
  return res.body as RosterReply;
}

const mailsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.to, email)).all();

describe('who may make the sign-up calls', () => {
  it('asks a visitor to log in before signing up', async () => {
    const id = addEvent();
    const res = await post('signup.set', { eventId: id, answer: 'attending' });
    expect(res.status).toBe(401);
  });

  it('lets only event editors and admins change settings, read the roster and check in', async () => {
    const id = addEvent({ start: '2000-01-01T09:00', end: '2000-01-01T12:00' });
    await signUp(bob, id);
    for (const [name, body] of [
      ['signup.settings', { eventId: id, capacity: 5 }],
      ['event.roster', { eventId: id }],
      ['checkin.set', { eventId: id, memberId: bob.id, isPresent: 1 }],
    ] as const) {
      const refused = await post(name, { g: bob.token, ...body });
      expect(refused.status, name).toBe(403);
      expect((await post(name, { g: editor.token, ...body })).status, name).toBe(200);
      expect((await post(name, { g: admin.token, ...body })).status, name).toBe(200);
    }
  });

  it('shows the yearly attendance of every member to admins only', async () => {
    expect((await post('attended.members', { g: editor.token, year: 2000 })).status).toBe(403);
    expect((await post('attended.members', { g: admin.token, year: 2000 })).status).toBe(200);
  });
});

describe('POST /api/attendance.set.php (the legacy three states)', () => {
  it('keeps answering Attending with a number, Not Attending, and Not Sure as before', async () => {
    const id = addEvent();
    expect((await post('attendance.set', { g: ann.token, i: String(id), s: '1', t: '3', c: 'Bringing the kids' })).body).toEqual({});
    let entry = (await post('event.get', { g: ann.token, id })).body.event.attendance[0];
    expect(entry).toEqual({ displayName: 'Ann Attender', isAttending: true, totalAttending: 3, comments: 'Bringing the kids' });

    expect((await post('attendance.set', { g: ann.token, i: id, s: 0, c: 'Away' })).status).toBe(200);
    entry = (await post('event.get', { g: ann.token, id })).body.event.attendance[0];
    expect(entry).toEqual({ displayName: 'Ann Attender', isAttending: false, totalAttending: 0, comments: 'Away' });

    expect((await post('attendance.set', { g: ann.token, i: id, s: -1 })).status).toBe(200);
    expect((await post('event.get', { g: ann.token, id })).body.event.attendance).toEqual([]);
  });

  it('counts one person when no number is sent, and refuses 51 with the spec message', async () => {
    const id = addEvent();
    await post('attendance.set', { g: ann.token, i: id, s: 1 });
    expect((await readSignups(ann, id)).totals.people).toBe(1);
    const refused = await post('attendance.set', { g: ann.token, i: id, s: 1, t: 51 });
    expect(refused.status).toBe(400);
    expect(refused.body.e).toMatch(/number attending/);
  });

  it('keeps named guests, cars and choices when the legacy number still matches, and drops names that no longer do', async () => {
    const id = addEvent();
    await settings(id, { choices: [{ question: 'Dinner', options: ['chicken', 'fish'] }] });
    await signUp(ann, id, { guests: ['Mary (wife)'], cars: [{ label: '1930 Tudor' }], choices: [{ question: 'Dinner', answers: ['fish', 'chicken'] }] });
    await post('attendance.set', { g: ann.token, i: id, s: 1, t: 2, c: 'same' });
    let mine = (await readSignups(ann, id)).households.find((h) => h.isMine);
    expect(mine).toMatchObject({ partySize: 2, guests: ['Mary (wife)'], cars: [{ carId: carIdOf(ann, '1930 Tudor'), label: '1930 Tudor' }] });
    expect(mine?.choices).toEqual([{ question: 'Dinner', answers: ['fish', 'chicken'] }]);

    await post('attendance.set', { g: ann.token, i: id, s: 1, t: 1 });
    mine = (await readSignups(ann, id)).households.find((h) => h.isMine);
    expect(mine).toMatchObject({ partySize: 1, guests: [] });
    expect(mine?.choices).toEqual([{ question: 'Dinner', answers: ['fish'] }]);
  });
});

describe('POST /api/signup.set.php', () => {
  it('signs up a household with named guests, a car and per-person dinner choices, and totals them', async () => {
    const id = addEvent();
    await settings(id, { choices: [{ question: 'Dinner', options: ['chicken', 'fish', 'none'] }] });
    const res = await signUp(ann, id, {
      guests: ['Mary (wife)', 'Tom, 12'],
      cars: [{ carId: carIdOf(ann, '1930 Tudor'), label: '1930 Tudor' }],
      choices: [{ question: 'Dinner', answers: ['chicken', 'fish', 'fish'] }],
      comments: 'Tom rides in the rumble seat',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'confirmed', waitlistPosition: 0 });
    await signUp(bob, id, { partySize: 2, cars: [{ label: '1929 AA truck' }], choices: [{ question: 'Dinner', answers: ['none'] }] });

    const signups = await readSignups(bob, id);
    expect(signups.totals).toEqual({ people: 5, cars: 2, waitingPeople: 0, waitingHouseholds: 0 });
    expect(signups.cars).toEqual(['1930 Tudor', '1929 AA truck']);
    expect(signups.choiceTotals).toEqual([
      {
        question: 'Dinner',
        counts: [
          { option: 'chicken', count: 1 },
          { option: 'fish', count: 2 },
          { option: 'none', count: 1 },
        ],
      },
    ]);
    expect(signups.households[0]).toMatchObject({ name: 'Ann Attender', partySize: 3, guests: ['Mary (wife)', 'Tom, 12'], isMine: false });
    expect(signups.myCars).toEqual([{ carId: carIdOf(bob, '1929 AA truck'), label: '1929 AA truck' }]);
    expect(JSON.stringify(signups)).not.toContain('314-555-0101');
  });

  it('keeps a guest name with markup as plain text', async () => {
    const id = addEvent();
    await signUp(ann, id, { guests: ['<img src=x onerror=alert(1)>'] });
    expect((await readSignups(ann, id)).households[0]?.guests).toEqual(['<img src=x onerror=alert(1)>']);
  });

  it('refuses a number that disagrees with the names, and more than 20 guests, saving nothing', async () => {
    const id = addEvent();
    const mismatch = await signUp(ann, id, { guests: ['Mary'], partySize: 4 });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.e).toMatch(/does not match the guests named/);
    const crowd = await signUp(ann, id, { guests: Array.from({ length: 21 }, (_, i) => `Guest ${i}`) });
    expect(crowd.status).toBe(400);
    expect(crowd.body.e).toMatch(/At most 20 guests/);
    expect((await readSignups(ann, id)).households).toEqual([]);
  });

  it('refuses another member’s registry car, an unknown car or a label that is not the member’s, and keeps the earlier answer whole', async () => {
    const id = addEvent();
    await signUp(ann, id, { guests: ['Mary'], cars: [{ label: '1930 Tudor' }] });
    for (const cars of [
      [{ label: '1929 AA truck' }],
      [{ carId: carIdOf(bob, '1929 AA truck'), label: '1930 Tudor' }],
      [{ carId: 999999, label: '1930 Tudor' }],
    ]) {
      const res = await signUp(ann, id, { guests: ['Mary', 'Tom'], cars });
      expect(res.status).toBe(400);
      expect(res.body.e).toMatch(/not one of your cars/);
    }
    const mine = (await readSignups(ann, id)).households[0];
    expect(mine).toMatchObject({ partySize: 2, guests: ['Mary'], cars: [{ carId: carIdOf(ann, '1930 Tudor'), label: '1930 Tudor' }] });
  });

  it('stores the registry car picked under its registry label, whatever label was sent', async () => {
    const id = addEvent();
    const roadster = carIdOf(ann, "'31 Deluxe Roadster");
    expect((await signUp(ann, id, { cars: [{ carId: roadster, label: '1934 Duesenberg' }] })).status).toBe(200);
    expect((await readSignups(ann, id)).households[0]?.cars).toEqual([{ carId: roadster, label: "'31 Deluxe Roadster" }]);
    const twice = await signUp(ann, id, { cars: [{ carId: roadster, label: 'x' }, { label: "'31 Deluxe Roadster" }] });
    expect(twice.status).toBe(400);
    expect(twice.body.e).toMatch(/picked twice/);
  });

  it('keeps the car’s text on the sign-up when the car leaves the registry', async () => {
    const id = addEvent();
    const dora = createMember(t.db, { firstName: 'Dora' });
    giveCars(dora, ['1928 Phaeton']);
    const phaeton = carIdOf(dora, '1928 Phaeton');
    await signUp(dora, id, { cars: [{ carId: phaeton, label: '1928 Phaeton' }] });
    t.db.delete(cars).where(eq(cars.id, phaeton)).run();
    expect((await readSignups(dora, id)).households[0]?.cars).toEqual([{ carId: null, label: '1928 Phaeton' }]);
    expect((await readSignups(dora, id)).cars).toEqual(['1928 Phaeton']);
  });

  it('signs up without a Model A when no car is picked', async () => {
    const id = addEvent();
    await signUp(ann, id, { cars: [] });
    expect((await readSignups(ann, id)).totals).toMatchObject({ people: 1, cars: 0 });
    expect(t.db.select().from(attendanceCars).where(eq(attendanceCars.eventId, id)).all()).toEqual([]);
  });

  it('refuses a question or an answer the organiser did not set, naming what to pick', async () => {
    const id = addEvent();
    await settings(id, { choices: [{ question: 'Dinner', options: ['chicken', 'fish'] }] });
    const unknown = await signUp(ann, id, { choices: [{ question: 'Lunch', answers: ['soup'] }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.e).toMatch(/"Lunch" is not a question/);
    const wrong = await signUp(ann, id, { choices: [{ question: 'Dinner', answers: ['beef'] }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.e).toBe('"beef" is not an answer to "Dinner"; pick one of: chicken, fish.');
    const tooMany = await signUp(ann, id, { choices: [{ question: 'Dinner', answers: ['fish', 'fish'] }] });
    expect(tooMany.status).toBe(400);
    expect((await readSignups(ann, id)).households).toEqual([]);
  });

  it('refuses any change after the sign-up deadline, through both calls, and keeps the answer', async () => {
    const id = addEvent();
    await signUp(ann, id);
    t.db.update(events).set({ signupDeadline: '2001-05-01T18:00' }).where(eq(events.id, id)).run();
    const late = await signUp(ann, id, { partySize: 2 });
    expect(late.status).toBe(400);
    expect(late.body.e).toMatch(/closed on Tuesday, May 1, 2001 at 6:00 PM.*tell the organiser/);
    expect((await post('attendance.set', { g: ann.token, i: id, s: -1 })).status).toBe(400);
    expect((await readSignups(ann, id)).totals.people).toBe(1);
  });
});

describe('capacity and the waiting list', () => {
  it('puts the household that does not fit on the waiting list, in order, and says so', async () => {
    const id = addEvent();
    await settings(id, { capacity: 3 });
    const carol = createMember(t.db, { firstName: 'Carol' });
    expect((await signUp(ann, id, { guests: ['Mary'] })).body).toEqual({ status: 'confirmed', waitlistPosition: 0 });
    expect((await signUp(bob, id, { partySize: 2 })).body).toEqual({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await signUp(carol, id, { partySize: 3 })).body).toEqual({ status: 'waitlisted', waitlistPosition: 2 });
    const signups = await readSignups(bob, id);
    expect(signups.totals).toEqual({ people: 2, cars: 0, waitingPeople: 5, waitingHouseholds: 2 });
    expect(signups.households.map((h) => [h.name, h.status, h.waitlistPosition])).toEqual([
      ['Ann Attender', 'confirmed', 0],
      ['Bob Bystander', 'waitlisted', 1],
      ['Carol Tester', 'waitlisted', 2],
    ]);
  });

  it('refuses a confirmed household growing past the places left, with what to do', async () => {
    const id = addEvent();
    await settings(id, { capacity: 2 });
    await signUp(ann, id);
    const res = await signUp(ann, id, { partySize: 3 });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/Only 2 places are left, so a party of 3 does not fit. Keep your party at 1/);
    expect((await readSignups(ann, id)).totals.people).toBe(1);
  });

  it('moves the first waiting household that fits up on a cancellation and e-mails it exactly once', async () => {
    const id = addEvent({ title: 'Spring Swap Meet' });
    await settings(id, { capacity: 2 });
    const carol = createMember(t.db, { firstName: 'Carol' });
    const dave = createMember(t.db, { firstName: 'Dave' });
    await signUp(ann, id, { partySize: 2 });
    await signUp(carol, id, { partySize: 2 });
    await signUp(dave, id, { partySize: 1 });
    await signUp(bob, id, { partySize: 1 });

    // Ann cancels: Carol (2) is first and fits.
    expect((await post('attendance.set', { g: ann.token, i: id, s: 0 })).status).toBe(200);
    let signups = await readSignups(bob, id);
    expect(signups.households.filter((h) => h.status === 'confirmed').map((h) => h.name)).toEqual(['Carol Tester']);
    const carolMail = mailsTo(carol.email);
    expect(carolMail).toHaveLength(1);
    expect(carolMail[0]?.subject).toBe('You have a place: Spring Swap Meet, Saturday, October 10, 2099');
    expect(carolMail[0]?.text).toMatch(/your party of 2 moved up from the waiting list/);
    expect(mailsTo(dave.email)).toHaveLength(0);

    // A later change that frees nothing sends no second e-mail to Carol.
    await signUp(bob, id, { partySize: 1, comments: 'still hoping' });
    expect(mailsTo(carol.email)).toHaveLength(1);

    // Carol shrinks to one: Dave (first waiting, fits) moves up, Bob stays in line.
    await signUp(carol, id, { partySize: 1 });
    signups = await readSignups(bob, id);
    expect(signups.households.map((h) => [h.name, h.status])).toEqual([
      ['Carol Tester', 'confirmed'],
      ['Dave Tester', 'confirmed'],
      ['Bob Bystander', 'waitlisted'],
      ['Ann Attender', 'notAttending'],
    ]);
    expect(mailsTo(dave.email)).toHaveLength(1);
    expect(mailsTo(carol.email)).toHaveLength(1);
  });

  it('skips a waiting party that does not fit and moves up the next one that does', async () => {
    const id = addEvent();
    await settings(id, { capacity: 2 });
    const carol = createMember(t.db, { firstName: 'Carol' });
    await signUp(ann, id, { partySize: 1 });
    await signUp(bob, id, { partySize: 1 });
    await signUp(carol, id, { partySize: 3 });
    const dave = createMember(t.db, { firstName: 'Dave' });
    await signUp(dave, id, { partySize: 1 });
    await post('signup.set', { g: bob.token, eventId: id, answer: 'notSure' });
    const signups = await readSignups(ann, id);
    expect(signups.households.map((h) => [h.name, h.status, h.waitlistPosition])).toEqual([
      ['Ann Attender', 'confirmed', 0],
      ['Dave Tester', 'confirmed', 0],
      ['Carol Tester', 'waitlisted', 1],
    ]);
    expect(mailsTo(carol.email)).toHaveLength(0);
  });

  it('moves the waiting list up when the organiser raises the capacity', async () => {
    const id = addEvent();
    await settings(id, { capacity: 1 });
    await signUp(ann, id);
    await signUp(bob, id);
    await settings(id, { capacity: 2 });
    expect((await readSignups(bob, id)).households.every((h) => h.status === 'confirmed')).toBe(true);
    expect(mailsTo(bob.email).filter((m) => m.subject.startsWith('You have a place'))).toHaveLength(1);
  });

  it('gives the last seat to exactly one of two members asking at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = addEvent();
      await settings(id, { capacity: 1 });
      const racers = [createMember(t.db), createMember(t.db), createMember(t.db)];
      const replies = await Promise.all(racers.map((racer) => signUp(racer, id)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      const statuses = replies.map((r) => (r.body as { status: string }).status).sort();
      expect(statuses).toEqual(['confirmed', 'waitlisted', 'waitlisted']);
      const confirmed = t.db
        .select()
        .from(attendance)
        .where(eq(attendance.eventId, id))
        .all()
        .filter((row) => row.waitlistedAt === null);
      expect(confirmed).toHaveLength(1);
    }
  });
});

describe('POST /api/signup.settings.php', () => {
  it('saves capacity, deadline and questions, reads them back, and clears them', async () => {
    const id = addEvent();
    const choices = [
      { question: 'Dinner', options: ['chicken', 'fish', 'none'] },
      { question: 'Museum tour', options: ['yes', 'no'] },
    ];
    const saved = await settings(id, { capacity: '40', deadline: '2099-10-01T12:00', choices });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ capacity: 40, deadline: '2099-10-01T12:00', choices });
    expect((await readSignups(ann, id)).settings).toEqual({ capacity: 40, deadline: '2099-10-01T12:00', choices });
    await settings(id, { capacity: '', deadline: '', choices: [] });
    expect((await readSignups(ann, id)).settings).toEqual({ capacity: null, deadline: '', choices: [] });
  });

  it('refuses a question with one answer, twice the same answer, or a bad deadline', async () => {
    const id = addEvent();
    for (const [body, message] of [
      [{ choices: [{ question: 'Dinner', options: ['fish'] }] }, /at least two answers/],
      [{ choices: [{ question: 'Dinner', options: ['fish', 'Fish'] }] }, /same answer twice/],
      [{ deadline: 'next week' }, /sign-up deadline/],
      [{ capacity: 0 }, /capacity must be at least 1/],
    ] as const) {
      const res = await settings(id, body);
      expect(res.status).toBe(400);
      expect(res.body.e).toMatch(message);
    }
    expect((await settings(987654, {})).status).toBe(404);
  });
});

describe('the roster and check-in', () => {
  it('gives editors the roster with phone numbers, guests, cars and choices, waiting list after', async () => {
    const id = addEvent();
    await settings(id, { capacity: 3, choices: [{ question: 'Dinner', options: ['chicken', 'fish'] }] });
    await signUp(ann, id, { guests: ['Mary'], cars: [{ label: '1930 Tudor' }], choices: [{ question: 'Dinner', answers: ['fish', 'chicken'] }] });
    await signUp(bob, id, { partySize: 2 });
    const roster = await readRoster(id);
    expect(roster.event?.title).toBe('Fall Color Tour');
    expect(roster.households).toEqual([
      {
        memberId: ann.id,
        name: 'Ann Attender',
        phone: '314-555-0101',
        status: 'confirmed',
        waitlistPosition: 0,
        partySize: 2,
        guests: ['Mary'],
        cars: [{ carId: carIdOf(ann, '1930 Tudor'), label: '1930 Tudor' }],
        choices: [{ question: 'Dinner', answers: ['fish', 'chicken'] }],
        comments: '',
        isCheckedIn: false,
      },
      expect.objectContaining({ memberId: bob.id, status: 'waitlisted', waitlistPosition: 1, partySize: 2 }),
    ]);
    expect((await readRoster(987654)).event).toBeNull();
  });

  it('refuses check-in before the event’s day', async () => {
    const id = addEvent();
    await signUp(ann, id);
    const res = await post('checkin.set', { g: editor.token, eventId: id, memberId: ann.id, isPresent: true });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/Check-in opens on the day of the event/);
  });

  it('ticks who came after the event, shows it on their account and to admins for that year', async () => {
    const year = 2004;
    const first = addEvent({ title: 'Ice Cream Run', start: `${year}-06-05T18:00`, end: `${year}-06-05T21:00` });
    const second = addEvent({ title: 'Fall Tour', start: `${year}-10-02T09:00`, end: `${year}-10-02T16:00` });
    for (const id of [first, second]) await signUp(ann, id);
    await signUp(bob, first);
    for (const id of [first, second]) {
      expect((await post('checkin.set', { g: editor.token, eventId: id, memberId: ann.id, isPresent: '1' })).status).toBe(200);
    }
    expect((await readRoster(first)).households.find((h) => h.memberId === ann.id)?.isCheckedIn).toBe(true);
    expect((await post('attended.mine', { g: ann.token, year })).body).toEqual({
      events: [
        { id: first, title: 'Ice Cream Run', start: `${year}-06-05T18:00` },
        { id: second, title: 'Fall Tour', start: `${year}-10-02T09:00` },
      ],
    });
    expect((await post('attended.mine', { g: bob.token, year })).body).toEqual({ events: [] });
    expect((await post('attended.mine', { g: ann.token, year: year + 1 })).body).toEqual({ events: [] });
    expect((await post('attended.members', { g: admin.token, year })).body).toEqual({ counts: [{ memberId: ann.id, count: 2 }] });

    await post('checkin.set', { g: editor.token, eventId: second, memberId: ann.id, isPresent: 0 });
    expect((await post('attended.members', { g: admin.token, year })).body).toEqual({ counts: [{ memberId: ann.id, count: 1 }] });
    const stranger = await post('checkin.set', { g: editor.token, eventId: first, memberId: admin.id, isPresent: 1 });
    expect(stranger.status).toBe(404);
  });
});

describe('telling the signed-up when an event moves', () => {
  const form = (id: number, fields: Record<string, string>) =>
    postMultipart(t.app, 'event.save', {
      g: editor.token,
      id,
      t: 'Moving Tour',
      start: '2099-05-01T09:00',
      end: '2099-05-01T15:00',
      venue: 'Old Mill',
      ...fields,
    });

  it('e-mails (and pushes) everyone signed up once per change of date, time or place, and not for a new title', async () => {
    const carol = createMember(t.db, { firstName: 'Carol' });
    const created = await form(0, {});
    const id = (created.body as { i: number }).i;
    await signUp(carol, id);
    await signUp(bob, id);
    await post('signup.set', { g: ann.token, eventId: id, answer: 'notAttending' });
    t.db
      .insert(pushSubscriptions)
      .values({ memberId: carol.id, endpoint: `https://push.example/${carol.id}`, subscription: '{}' })
      .run();
    const changedMails = (email: string) => mailsTo(email).filter((m) => m.subject.startsWith('Changed: Moving Tour'));

    expect((await form(id, { start: '2099-05-02T10:00', end: '2099-05-02T15:00' })).status).toBe(200);
    expect(changedMails(carol.email)).toHaveLength(1);
    expect(changedMails(bob.email)).toHaveLength(1);
    expect(changedMails(ann.email)).toHaveLength(0);
    expect(changedMails(carol.email)[0]?.text).toMatch(
      /Date: Saturday, May 2, 2099\nTime: 10:00 AM \(until Saturday, May 2, 2099 at 3:00 PM\)\nWhere: Old Mill/,
    );
    const pushes = t.db.select().from(pushQueue).where(eq(pushQueue.eventId, id)).all();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload.title).toBe('Changed: Moving Tour');

    // The same details again, or only a new title: nothing more.
    await form(id, { start: '2099-05-02T10:00', end: '2099-05-02T15:00' });
    await form(id, { t: 'Moving Tour (rain or shine)', start: '2099-05-02T10:00', end: '2099-05-02T15:00' });
    expect(changedMails(carol.email)).toHaveLength(1);

    await form(id, { start: '2099-05-02T10:00', end: '2099-05-02T15:00', venue: 'New Mill' });
    expect(changedMails(carol.email)).toHaveLength(2);
    expect(changedMails(carol.email)[1]?.text).toMatch(/Where: New Mill/);
  });
});

describe('telling the signed-up when an event is deleted', () => {
  const cancelledMails = (email: string) => mailsTo(email).filter((mail) => mail.subject.startsWith('Cancelled: '));

  it('e-mails each member coming (seat or waiting list) once, not the editor deleting, nor those not coming', async () => {
    const carol = createMember(t.db, { firstName: 'Carol', lastName: 'Coming' });
    const dave = createMember(t.db, { firstName: 'Dave', lastName: 'Declined' });
    const id = addEvent({ title: 'Barn Tour', start: '2099-06-06T09:00', end: '2099-06-06T15:00' });
    expect((await settings(id, { capacity: 2 })).status).toBe(200);
    expect((await signUp(carol, id, { partySize: 2 })).status).toBe(200);
    expect((await signUp(ann, id)).status).toBe(200); // waiting list: the two seats are Carol's
    expect((await signUp(editor, id)).status).toBe(200);
    expect((await signUp(dave, id, { answer: 'notAttending' })).status).toBe(200);

    expect((await post('event.delete', { g: editor.token, id })).status).toBe(200);

    const [toCarol] = cancelledMails(carol.email);
    expect(cancelledMails(carol.email)).toHaveLength(1);
    expect(toCarol?.subject).toBe('Cancelled: Barn Tour, Saturday, June 6, 2099 at 9:00 AM');
    expect(toCarol?.text).toMatch(/Hello Carol,\n\nBarn Tour on Saturday, June 6, 2099 at 9:00 AM, which you had signed up for, has been cancelled/);
    expect(toCarol?.text).toContain('https://club.example.org/events');
    expect(cancelledMails(ann.email)).toHaveLength(1);
    expect(cancelledMails(editor.email)).toHaveLength(0);
    expect(cancelledMails(dave.email)).toHaveLength(0);
  });

  it('tells nobody when an event already over is deleted', async () => {
    const erin = createMember(t.db, { firstName: 'Erin', lastName: 'Earlier' });
    const id = addEvent({ title: 'Old Picnic', start: '2001-06-06T09:00', end: '2001-06-06T15:00' });
    t.db.insert(attendance).values({ eventId: id, memberId: erin.id, isAttending: true, total: 1, comments: '' }).run();
    expect((await post('event.delete', { g: editor.token, id })).status).toBe(200);
    expect(cancelledMails(erin.email)).toHaveLength(0);
  });
});
