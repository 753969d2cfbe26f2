import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClubEvent, EventReply } from '@club/contracts';
import { createDemoTestApp } from '../../test/demo-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { DEMO_ACCOUNTS } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
}, 60_000);
afterAll(() => t.close());

const post = (call: string, body: object) => request(t.app).post(`/api/${call}.php`).send(body);

describe('the demo tour', () => {
  it('is a few weeks ahead, full with a dinner choice and a deadline, and a demo member who signs up waits third', async () => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === 'member (no edit rights)');
    const g = (await post('session.create', { u: account?.email, p: account?.password })).body.g as string;
    const all = (await post('events.get', { g })).body.v as ClubEvent[];
    const tour = all.find((event) => event.title === 'Ste. Genevieve Caravan and Dinner');
    expect(tour).toBeDefined();
    // Seeded last: no other demo event moved to make room for it.
    expect(Math.max(...all.map((event) => event.id))).toBe(tour?.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((tour?.start ?? '').slice(0, 10) > today).toBe(true);

    const reply = (await post('event.get', { g, id: tour?.id })).body as EventReply;
    const signups = reply.signups;
    expect(signups?.settings.capacity).toBe(8);
    expect(signups?.settings.choices).toEqual([{ question: 'Dinner', options: ['pork roast', 'catfish', 'vegetarian'] }]);
    const deadline = signups?.settings.deadline ?? '';
    expect(deadline > `${today}T23:59`).toBe(true);
    expect(deadline < (tour?.start ?? '')).toBe(true);
    expect(signups?.totals).toEqual({ people: 8, cars: 4, waitingPeople: 3, waitingHouseholds: 2 });
    expect(signups?.households.map((h) => [h.status, h.waitlistPosition])).toEqual([
      ['confirmed', 0],
      ['confirmed', 0],
      ['confirmed', 0],
      ['confirmed', 0],
      ['waitlisted', 1],
      ['waitlisted', 2],
    ]);
    expect(signups?.choiceTotals).toEqual([
      {
        question: 'Dinner',
        counts: [
          { option: 'pork roast', count: 4 },
          { option: 'catfish', count: 3 },
          { option: 'vegetarian', count: 1 },
        ],
      },
    ]);
    expect(signups?.households.some((h) => h.isMine)).toBe(false);

    const mine = await post('signup.set', { g, eventId: tour?.id, answer: 'attending', partySize: 1 });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ status: 'waitlisted', waitlistPosition: 3 });
  });
});
