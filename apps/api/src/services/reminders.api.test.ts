import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, members, outbox, remindersSent } from '../db/schema/index.ts';
import { createMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendDueReminders } from './reminders.ts';

let t: TestApp;
beforeEach(() => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example', CLUB_NAME: 'Gateway A Club' });
});
afterEach(() => t.close());

/** 9:00 in Chicago (CDT, UTC-5) on a June day of 2026. */
const chicagoMorning = (day: number) => new Date(Date.UTC(2026, 5, day, 14, 0));

const addEvent = (start: string, notifyDaysOut: number[], title = 'Spring Tour') =>
  t.db.insert(events).values({ title, start, end: start, venue: 'Forest Park', notifyDaysOut }).returning({ id: events.id }).get().id;

const run = (now: Date) => sendDueReminders(t.db, t.services.mail, t.config, now);
const mailTo = () => t.db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text }).from(outbox).all();

describe('sendDueReminders', () => {
  it('sends nothing, and says so, when no event has a reminder due', () => {
    createMember(t.db);
    addEvent('2026-06-20T10:00', [1, 3]);
    addEvent('2026-06-20T10:00', []);
    expect(run(chicagoMorning(10))).toEqual({ reminders: 0, emails: 0 });
    expect(mailTo()).toEqual([]);
  });

  it('e-mails each enabled member with notifications on once a reminder day comes, and never twice', () => {
    const wants = createMember(t.db, { firstName: 'Alma' });
    const optedOut = createMember(t.db);
    t.db.update(members).set({ emailNotifications: false }).where(eq(members.id, optedOut.id)).run();
    createMember(t.db, { enabled: false });
    const id = addEvent('2026-06-20T10:00', [1, 3]);

    expect(run(chicagoMorning(16))).toEqual({ reminders: 0, emails: 0 });
    expect(run(chicagoMorning(17))).toEqual({ reminders: 1, emails: 1 });
    const [mail] = mailTo();
    expect(mail?.to).toBe(wants.email);
    expect(mail?.subject).toBe('Reminder: Spring Tour, Saturday, June 20 at 10:00 AM');
    expect(mail?.text).toContain('Hello Alma,');
    expect(mail?.text).toContain('at Forest Park');
    expect(mail?.text).toContain('https://club.example/events');
    expect(run(chicagoMorning(17))).toEqual({ reminders: 0, emails: 0 });

    expect(run(chicagoMorning(19))).toEqual({ reminders: 1, emails: 1 });
    expect(t.db.select().from(remindersSent).where(eq(remindersSent.eventId, id)).all().map((r) => r.daysOut).sort()).toEqual([1, 3]);
    expect(mailTo()).toHaveLength(2);
  });

  it('sends a "now" reminder (0 days) at once, however far off the event is', () => {
    createMember(t.db);
    addEvent('2026-09-05T10:00', [0, 1], 'Fall Tour');
    expect(run(chicagoMorning(10))).toEqual({ reminders: 1, emails: 1 });
    expect(run(chicagoMorning(11))).toEqual({ reminders: 0, emails: 0 });
  });

  it('reckons the day in CLUB_TIMEZONE, not UTC', () => {
    createMember(t.db);
    addEvent('2026-06-20T10:00', [1]);
    // 20:00 in Chicago on the 18th is already the 19th in UTC: not due yet.
    expect(run(new Date(Date.UTC(2026, 5, 19, 1, 0)))).toEqual({ reminders: 0, emails: 0 });
    expect(run(new Date(Date.UTC(2026, 5, 19, 5, 30)))).toEqual({ reminders: 1, emails: 1 });
  });

  it('sends one e-mail for reminder days that fell due together, and none once the event has started', () => {
    createMember(t.db);
    addEvent('2026-06-12T18:00', [0, 3, 5], 'Late Addition');
    addEvent('2026-06-10T08:00', [0], 'Already Started');
    expect(run(chicagoMorning(10))).toEqual({ reminders: 1, emails: 1 });
    expect(mailTo().map((m) => m.subject)).toEqual(['Reminder: Late Addition, Friday, June 12 at 6:00 PM']);
  });
});
