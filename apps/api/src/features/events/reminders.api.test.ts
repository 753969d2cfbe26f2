import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { events, members, outbox, pushQueue, pushSubscriptions, reminderLedger } from '../../db/schema/index.ts';
import { createMember } from '../../../test/factories.ts';
import { startTestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { clubNow } from '@club/contracts';
import { maskedEmail } from '../../services/unsubscribe-links.ts';
import { saveSiteSettings } from '../../site-settings.ts';
import { createReminderService, queueDueReminders, type ReminderRun } from './reminders.ts';

let t: TestApp;
const open = (env: Record<string, string> = {}) => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example', CLUB_NAME: 'Gateway A Club', ...env });
  return t;
};
afterEach(() => t.close());

/** 9:00 in Chicago (CDT, UTC-5) on a June day of 2026. */
const chicagoMorning = (day: number) => new Date(Date.UTC(2026, 5, day, 14, 0));

const addEvent = (start: string, notifyDaysOut: number[], title = 'Spring Tour') =>
  t.db
    .insert(events)
    .values({ title, start, end: start, venue: 'Forest Park', addressLine1: '5595 Grand Dr', addressLine2: 'St. Louis, MO 63112', notifyDaysOut })
    .returning({ id: events.id })
    .get().id;

const run = (now: Date): ReminderRun => queueDueReminders(t.db, t.config, t.services.keys, now);
const mails = () => t.db.select().from(outbox).all();
const nothing = { reminders: 0, emails: 0, pushes: 0 };

/** A registered browser for a member (the push tests send to it; here only the queue matters). */
const addDevice = (memberId: number, name: string) =>
  t.db
    .insert(pushSubscriptions)
    .values({
      memberId,
      endpoint: `https://fcm.googleapis.com/fcm/send/${name}`,
      subscription: JSON.stringify({ endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, keys: { p256dh: 'x', auth: 'y' } }),
    })
    .run();

describe('event reminders', () => {
  it('sends nothing, and says so, when no event has a reminder due', () => {
    open();
    createMember(t.db);
    addEvent('2026-06-20T10:00', [1, 3]);
    addEvent('2026-06-20T10:00', []);
    expect(run(chicagoMorning(10))).toEqual(nothing);
    expect(mails()).toEqual([]);
  });

  it('e-mails enabled members with notifications on, on the right morning, once, with the details and a way out', () => {
    open();
    const wants = createMember(t.db, { firstName: 'Alma' });
    const optedOut = createMember(t.db);
    t.db.update(members).set({ emailNotifications: false }).where(eq(members.id, optedOut.id)).run();
    createMember(t.db, { enabled: false });
    const id = addEvent('2026-06-20T10:00', [1, 3]);

    expect(run(chicagoMorning(16))).toEqual(nothing);
    expect(run(chicagoMorning(17))).toEqual({ reminders: 1, emails: 1, pushes: 0 });
    const [mail] = mails();
    expect(mail?.to).toBe(wants.email);
    expect(mail?.subject).toBe('Reminder: Spring Tour, Saturday, June 20, 2026 at 10:00 AM');
    expect(mail?.text).toContain('Hello Alma,');
    expect(mail?.text).toContain('Date: Saturday, June 20, 2026');
    expect(mail?.text).toContain('Time: 10:00 AM');
    expect(mail?.text).toContain('Where: Forest Park, 5595 Grand Dr, St. Louis, MO 63112');
    expect(mail?.text).toContain(`https://club.example/event/${id}`);
    expect(mail?.text).toMatch(/https:\/\/club\.example\/notifications-off\/\d+\.\d{8}[\w-]{43}/);
    expect(mail?.html).toContain(`<a href="https://club.example/event/${id}">`);
    expect(mail?.html).toContain('<h1 style="font-size:1.4em">Spring Tour</h1>');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/club\.example\/api\/email\.unsubscribe\.php\?t=\d+\.\d{8}[\w-]{43}>$/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    expect(run(chicagoMorning(17))).toEqual(nothing);
    expect(run(chicagoMorning(18))).toEqual(nothing);
    expect(run(chicagoMorning(19))).toEqual({ reminders: 1, emails: 1, pushes: 0 });
    expect(run(chicagoMorning(20))).toEqual(nothing);
    expect(mails()).toHaveLength(2);
  });

  it('links the route book of an event that has one, and only of that event', async () => {
    open();
    createMember(t.db);
    const organiser = createMember(t.db, { permissions: ['event'] });
    const toured = addEvent('2099-06-20T10:00', [0], 'Hermann Tour');
    const picnicId = addEvent('2099-06-20T10:00', [0], 'Picnic');
    const saved = await request(t.app)
      .post('/api/route.save.php')
      .send({ g: organiser.token, id: 0, title: 'Meramec Valley loop', steps: [{ instruction: 'Leave the church lot', at: 0 }] });
    const routeId = (saved.body as { i: number }).i;
    expect((await request(t.app).post('/api/route.attach.php').send({ g: organiser.token, eventId: toured, routeId })).status).toBe(200);

    // Through the site's own reminder service, as an event save's "now" sends them.
    t.services.reminders.sendNow(toured);
    t.services.reminders.sendNow(picnicId);
    const tour = mails().find((mail) => mail.subject.startsWith('Reminder: Hermann Tour,') && mail.to !== organiser.email);
    expect(tour?.text).toContain(`The route book (turn-by-turn directions, map and GPX for your phone):\nhttps://club.example/routes/${routeId}\n`);
    expect(tour?.html).toContain(`<a href="https://club.example/routes/${routeId}">The route book</a>`);
    const picnic = mails().find((mail) => mail.subject.startsWith('Reminder: Picnic,'));
    expect(picnic?.text).not.toContain('/routes/');
    expect(picnic?.html).not.toContain('route book');
  });

  it('escapes the title in the HTML e-mail', () => {
    open();
    createMember(t.db);
    addEvent('2026-06-20T10:00', [0], '<b>Tour</b> & "Picnic"');
    run(chicagoMorning(10));
    expect(mails()[0]?.html).toContain('&lt;b&gt;Tour&lt;/b&gt; &amp; &quot;Picnic&quot;');
  });

  it('sends each of 5, 3 and 1 days once, on its own day in CLUB_TIMEZONE, hour by hour across the spring DST change', () => {
    open();
    createMember(t.db);
    const id = addEvent('2026-03-09T10:00', [1, 3, 5], 'Spring Forward');
    const sentOn: string[] = [];
    // Every hour from Feb 28 to the start (US clocks go forward at 2:00 on Sunday March 8, 2026).
    for (let moment = Date.UTC(2026, 1, 28, 6); moment < Date.UTC(2026, 2, 9, 15); moment += 3_600_000) {
      const now = new Date(moment);
      if (run(now).emails > 0) sentOn.push(clubNow(now, 'America/Chicago'));
    }
    expect(sentOn).toEqual(['2026-03-04T00:00', '2026-03-06T00:00', '2026-03-08T00:00']);
    expect(
      t.db
        .select()
        .from(reminderLedger)
        .where(eq(reminderLedger.eventId, id))
        .all()
        .map((row) => row.daysOut)
        .sort(),
    ).toEqual([1, 3, 5]);
  });

  it('reckons the day in CLUB_TIMEZONE across the fall DST change, not in UTC', () => {
    open();
    createMember(t.db);
    addEvent('2026-11-02T18:00', [1], 'Fall Back');
    // 23:30 CDT on Oct 31 is already Nov 1 in UTC: not due yet.
    expect(run(new Date(Date.UTC(2026, 10, 1, 4, 30)))).toEqual(nothing);
    // 00:30 CDT on Nov 1 (clocks go back at 2:00 that morning).
    expect(run(new Date(Date.UTC(2026, 10, 1, 5, 30))).emails).toBe(1);
    // 23:30 CST on Nov 1: the same day, nothing more.
    expect(run(new Date(Date.UTC(2026, 10, 2, 5, 30)))).toEqual(nothing);
  });

  it('sends "now" at once, however far off the event is, and only once (not at later saves or a move)', () => {
    open();
    createMember(t.db);
    const id = addEvent('2026-09-05T10:00', [0, 1], 'Fall Tour');
    expect(run(chicagoMorning(10))).toEqual({ reminders: 1, emails: 1, pushes: 0 });
    expect(run(chicagoMorning(11))).toEqual(nothing);
    t.db.update(events).set({ start: '2026-09-12T10:00', title: 'Fall Tour (new date)' }).where(eq(events.id, id)).run();
    expect(run(chicagoMorning(12))).toEqual(nothing);
  });

  it('sendNow() (after an event save) queues only that event\'s "now" reminders, at once and once, and reportNow() counts them', () => {
    open();
    const reader = createMember(t.db);
    const pushOnly = createMember(t.db);
    t.db.update(members).set({ emailNotifications: false }).where(eq(members.id, pushOnly.id)).run();
    addDevice(pushOnly.id, 'phone');
    addDevice(pushOnly.id, 'laptop');
    const now = addEvent('2099-06-20T10:00', [0], 'Saved With Now');
    const other = addEvent('2099-06-21T10:00', [0], 'Other With Now');
    // Its 5-day reminder is due (the event is 3 days off), but that waits for the scheduled run.
    addEvent(clubNow(new Date(Date.now() + 3 * 86_400_000), 'America/Chicago'), [5], 'Dated Only');
    expect(t.services.reminders.reportNow(now)).toEqual({ emailed: 0, pushed: 0, sent: '' });

    expect(t.services.reminders.sendNow(now)).toEqual({ reminders: 1, emails: 1, pushes: 2 });
    expect(mails().map((m) => [m.to, m.subject])).toEqual([[reader.email, 'Reminder: Saved With Now, Saturday, June 20, 2099 at 10:00 AM']]);
    expect(t.db.select().from(pushQueue).all()).toHaveLength(2);
    const report = t.services.reminders.reportNow(now);
    expect(report).toMatchObject({ emailed: 1, pushed: 1 });
    expect(Date.now() - Date.parse(report.sent)).toBeLessThan(60_000);
    expect(t.services.reminders.reportNow(other)).toEqual({ emailed: 0, pushed: 0, sent: '' });

    // A later save of the same event sends nothing more, and the report stays the first one.
    t.db.update(events).set({ title: 'Saved With Now (edited)' }).where(eq(events.id, now)).run();
    expect(t.services.reminders.sendNow(now)).toEqual(nothing);
    expect(mails()).toHaveLength(1);
    expect(t.services.reminders.reportNow(now)).toEqual(report);
    expect(t.services.reminders.run().emails).toBe(2);
    expect(
      mails()
        .map((m) => m.subject)
        .slice(1)
        .sort(),
    ).toEqual([expect.stringMatching(/^Reminder: Dated Only/), expect.stringMatching(/^Reminder: Other With Now/)]);
  });

  it('catches up a missed morning while the event is ahead, in one e-mail, and sends nothing once it has started', () => {
    open();
    createMember(t.db);
    addEvent('2026-06-20T18:00', [1, 3, 5], 'Missed');
    addEvent('2026-06-12T08:00', [1, 3], 'Started While Down');
    // The server was down from the 10th to the morning of the 18th.
    expect(run(new Date(Date.UTC(2026, 5, 18, 14)))).toEqual({ reminders: 1, emails: 1, pushes: 0 });
    expect(mails().map((m) => m.subject)).toEqual(['Reminder: Missed, Saturday, June 20, 2026 at 6:00 PM']);
    expect(run(chicagoMorning(19))).toEqual({ reminders: 1, emails: 1, pushes: 0 });
    // On the day itself, after 18:00 local: started, nothing.
    addEvent('2026-06-20T18:00', [0], 'Too Late');
    expect(run(new Date(Date.UTC(2026, 5, 21, 0, 30)))).toEqual(nothing);
  });

  it('reminds of a moved event on its new date, and of a deleted one never', () => {
    open();
    createMember(t.db);
    const moved = addEvent('2026-06-20T10:00', [1], 'Moved');
    const deleted = addEvent('2026-06-20T10:00', [1], 'Deleted');
    expect(run(chicagoMorning(19)).emails).toBe(2);

    t.db.update(events).set({ start: '2026-06-27T10:00' }).where(eq(events.id, moved)).run();
    t.db.delete(events).where(eq(events.id, deleted)).run();
    expect(run(chicagoMorning(20))).toEqual(nothing);
    expect(run(chicagoMorning(26))).toEqual({ reminders: 1, emails: 1, pushes: 0 });
    expect(mails().at(-1)?.subject).toBe('Reminder: Moved, Saturday, June 27, 2026 at 10:00 AM');
    expect(t.db.select().from(reminderLedger).where(eq(reminderLedger.eventId, deleted)).all()).toEqual([]);

    // Deleted before its day: nothing, and its queued pushes go with it.
    const member = createMember(t.db);
    addDevice(member.id, 'phone');
    const gone = addEvent('2026-07-10T10:00', [0, 1], 'Cancelled');
    run(chicagoMorning(27));
    expect(t.db.select().from(pushQueue).where(eq(pushQueue.eventId, gone)).all()).toHaveLength(1);
    t.db.delete(events).where(eq(events.id, gone)).run();
    expect(t.db.select().from(pushQueue).where(eq(pushQueue.eventId, gone)).all()).toEqual([]);
    expect(run(new Date(Date.UTC(2026, 6, 9, 14)))).toEqual(nothing);
  });

  it('queues a push for every device of every enabled member, whatever their e-mail setting, once per member', () => {
    open();
    const two = createMember(t.db);
    addDevice(two.id, 'phone');
    addDevice(two.id, 'laptop');
    const emailOff = createMember(t.db);
    t.db.update(members).set({ emailNotifications: false }).where(eq(members.id, emailOff.id)).run();
    addDevice(emailOff.id, 'tablet');
    const disabled = createMember(t.db, { enabled: false });
    addDevice(disabled.id, 'old');
    const id = addEvent('2026-06-20T10:00', [1]);
    expect(run(chicagoMorning(19))).toEqual({ reminders: 1, emails: 1, pushes: 3 });
    const queued = t.db.select().from(pushQueue).all();
    expect(queued.map((row) => row.payload)).toContainEqual({
      title: 'Spring Tour',
      body: 'Saturday, June 20, 2026 at 10:00 AM · Forest Park',
      url: `/event/${id}`,
      icon: '/icon-192.png',
    });
    expect(run(chicagoMorning(19))).toEqual(nothing);
  });

  it('never sends twice when two runs (the CLI twice and the in-process job) go at the same moment', async () => {
    open({ REMINDER_CRON: 'off' });
    // As a started site does: the CLI runs then check their settings against the site's, not
    // against whether the other run has already written mail (which would refuse the slower one).
    saveSiteSettings(t.config);
    for (let i = 0; i < 30; i += 1) createMember(t.db);
    addEvent('2099-06-20T10:00', [0], 'Far Future');
    addEvent('2099-06-27T10:00', [0], 'Further Future');
    const apiRoot = fileURLToPath(new URL('../../..', import.meta.url));
    const cliRun = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/cli.ts'), 'reminders'], {
          cwd: apiRoot,
          env: { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', BASE_URL: 'https://club.example', INIT_CWD: '' },
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
      });
    // The two CLI runs race each other for the same 60 reminders; the in-process job joins as
    // soon as one of them is done, while the other may still be running.
    const runs = [cliRun(), cliRun()];
    await Promise.race(runs);
    const inProcess = t.services.reminders.run();
    const outputs = await Promise.all(runs);
    const all = mails();
    expect(all).toHaveLength(60);
    expect(new Set(all.map((m) => `${m.to}|${m.subject}`)).size).toBe(60);
    const queuedByRun = [inProcess.emails, ...outputs.map((out) => Number(/(\d+) e-mail/.exec(out)?.[1] ?? 'NaN'))];
    expect(queuedByRun.reduce((a, b) => a + b, 0)).toBe(60);
  }, 60_000);

  it('delivers reminders to a real SMTP server with a one-click unsubscribe that works without a login', async () => {
    const smtp = await startTestSmtp();
    try {
      open({ SMTP_URL: smtp.url, MAIL_FROM: 'Club <noreply@club.example>' });
      const member = createMember(t.db, { firstName: 'Rita' });
      addEvent('2026-06-20T10:00', [1, 3], 'Ice Cream Social');
      run(chicagoMorning(17));
      await t.services.mail.deliverDue();
      const [received] = await smtp.waitFor(1);
      expect(received?.to && 'text' in received.to ? received.to.text : '').toBe(member.email);
      expect(received?.subject).toBe('Reminder: Ice Cream Social, Saturday, June 20, 2026 at 10:00 AM');
      expect(received?.text).toContain('Time: 10:00 AM');
      expect(received?.html).toContain('Ice Cream Social');
      const header = (key: string) => (received?.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n\s+/g, ' ');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const oneClick = new URL(/<(https:[^>]+)>/.exec(header('list-unsubscribe'))?.[1] ?? '');

      // The mail program's one-click POST (RFC 8058).
      const reply = await request(t.app).post(`${oneClick.pathname}${oneClick.search}`).type('form').send('List-Unsubscribe=One-Click');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ m: maskedEmail(member.email) });
      // Some mail programs send the same POST as multipart/form-data.
      const multipart = await request(t.app).post(`${oneClick.pathname}${oneClick.search}`).field('List-Unsubscribe', 'One-Click');
      expect(multipart.status).toBe(200);
      expect(multipart.body).toEqual({ m: maskedEmail(member.email) });
      expect(t.db.select({ on: members.emailNotifications }).from(members).where(eq(members.id, member.id)).get()?.on).toBe(false);
      expect(run(chicagoMorning(19))).toEqual(nothing);
    } finally {
      await t.services.mail.stop();
      await smtp.close();
    }
  });

  // One event with an impossible start (stored before the contract checked
  // dates, or written by hand) made every reminder run throw, so no member got any reminder.
  it('skips an event whose stored start is not a real date, reports it in the log, and sends the others', () => {
    open();
    const member = createMember(t.db);
    const bad = addEvent('2026-13-01T10:00', [0, 1], 'Impossible Tour');
    const skipped = addEvent('2026-06-19T25:00', [0], 'Impossible Hour');
    addEvent('2026-06-20T10:00', [1, 3], 'Spring Tour');
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const reminders = createReminderService({
      db: t.db,
      config: t.config,
      keys: t.services.keys,
      mail: { kick: () => undefined },
      push: { kick: () => undefined },
      logger,
      clock: () => chicagoMorning(17),
    });

    expect(reminders.run()).toEqual({ reminders: 1, emails: 1, pushes: 0 });
    expect(mails().map((mail) => [mail.to, mail.subject])).toEqual([[member.email, 'Reminder: Spring Tour, Saturday, June 20, 2026 at 10:00 AM']]);
    const reports = lines
      .map((line) => JSON.parse(line) as { level: number; eventId?: number; start?: string; msg: string })
      .filter((line) => line.eventId !== undefined);
    expect(reports.map(({ level, eventId, start }) => ({ level, eventId, start }))).toEqual([
      { level: 40, eventId: skipped, start: '2026-06-19T25:00' },
      { level: 40, eventId: bad, start: '2026-13-01T10:00' },
    ]);
    expect(reports[1]?.msg).toMatch(/not a real date and time.*skipped/i);
    expect(
      t.db
        .select()
        .from(reminderLedger)
        .all()
        .map((row) => row.eventId)
        .filter((id) => id === bad || id === skipped),
    ).toEqual([]);
  });
});
