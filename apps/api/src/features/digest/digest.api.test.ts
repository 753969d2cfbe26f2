import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendance, blogPosts, digestLedger, events, forumPosts, forumThreads, listings, members, newsletters, outbox } from '../../db/schema/index.ts';
import { createMember } from '../../../test/factories.ts';
import { lintMailHtml } from '../../../test/mail-lint.ts';
import { startTestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { scrubUrl } from '../../logger.ts';
import { maskedEmail, unsubscribeToken } from '../../services/unsubscribe-links.ts';
import { saveSiteSettings } from '../../site-settings.ts';
import { rsvpToken } from './rsvp-links.ts';
import { createDigestService } from './service.ts';
import { createWeeklyDigest, nextRunOf, queueWeeklyDigest, weekOf, type DigestRun } from './weekly.ts';

let t: TestApp;
const open = (env: Record<string, string> = {}) => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example', CLUB_NAME: 'Gateway A Club', ...env });
  return t;
};
afterEach(() => t.close());

const HOUR = 3_600_000;
/** Monday 08:00 in Chicago (CDT, UTC-5) of the week `weeks` after June 2, 2031. */
const mondayMorning = (weeks = 0) => new Date(Date.UTC(2031, 5, 2 + 7 * weeks, 13, 0));
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * 24 * HOUR).toISOString();

const run = (at: Date): DigestRun => queueWeeklyDigest(t.db, t.config, t.services.keys, at);
const digests = () =>
  t.db
    .select()
    .from(outbox)
    .all()
    .filter((mail) => mail.subject.startsWith('Gateway A Club this week'));
const call = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

const addEvent = (start: string, { title = 'Spring Tour', end = start, created }: { title?: string; end?: string; created?: string } = {}) =>
  t.db
    .insert(events)
    .values({ title, start, end, venue: 'Forest Park', ...(created ? { created } : {}) })
    .returning({ id: events.id })
    .get().id;

const addPhotoPost = (title: string, created: string, photo = '/uploads/blog/abc_2048x1536_webp.jpg') =>
  t.db
    .insert(blogPosts)
    .values({ title, date: created.slice(0, 10), htmlData: [{ h: 'Words' }, { s: [photo] }], modifiedKey: 1, created })
    .returning({ id: blogPosts.id })
    .get().id;

const addThread = (title: string, created: string, approved = true) =>
  t.db.insert(forumThreads).values({ title, description: 'Text', approved, created }).returning({ id: forumThreads.id }).get().id;

const addListing = (sellerId: number, title: string, created: string, change: Partial<typeof listings.$inferInsert> = {}) =>
  t.db
    .insert(listings)
    .values({
      sellerId,
      kind: 'sale',
      category: 'part',
      title,
      priceCents: 12_550,
      isOffers: true,
      visibility: 'members',
      expiresAt: '2031-07-30T00:00:00.000Z',
      created,
      ...change,
    })
    .returning({ id: listings.id })
    .get().id;

describe('the weekly digest run', () => {
  it("sends one digest per member per week, with the week's news, and nothing more that week", () => {
    open();
    const alma = createMember(t.db, { firstName: 'Alma' });
    const bert = createMember(t.db, { firstName: 'Bert' });
    const at = mondayMorning();
    const tour = addEvent('2031-06-07T10:00', { title: 'Spring Tour', end: '2031-06-07T16:00', created: daysBefore(at, 2) });
    addEvent('2031-06-20T18:00', { title: 'Ice Cream Social', created: daysBefore(at, 30) });
    addEvent('2031-07-10T18:00', { title: 'Too Far Ahead', created: daysBefore(at, 1) });
    t.db.insert(attendance).values({ eventId: tour, memberId: bert.id, isAttending: true, total: 3 }).run();
    addPhotoPost('Swap meet photos', daysBefore(at, 3));

    expect(run(at)).toEqual({ week: '2031-06-02', emails: 2, isEmpty: false });
    expect(run(new Date(at.getTime() + 2 * HOUR))).toEqual({ week: '2031-06-02', emails: 0, isEmpty: false });
    expect(run(mondayMorning(0.5))).toMatchObject({ emails: 0 });
    const sent = digests();
    expect(sent.map((mail) => mail.to).sort()).toEqual([alma.email, bert.email].sort());
    expect(sent.every((mail) => mail.priority === 1)).toBe(true);
    const almas = sent.find((mail) => mail.to === alma.email);
    expect(almas?.subject).toBe('Gateway A Club this week: 1 new event, 1 new photo post');
    expect(almas?.text).toContain('Hello Alma,');
    expect(almas?.text).toContain('[NEW] Spring Tour\nSaturday, June 7, 2031 at 10:00 AM, Forest Park\n3 people coming');
    expect(almas?.text).toContain('Ice Cream Social\nFriday, June 20, 2031 at 6:00 PM, Forest Park\nNobody has signed up yet');
    expect(almas?.text).not.toContain('Too Far Ahead');
    expect(almas?.text).toMatch(/I'm coming \(one click\): https:\/\/club\.example\/coming\/\d+\.e\d+w20310602u203106071600[\w-]{43}/);
    // Bert said he comes to the tour: no link for it, a line saying so.
    expect(sent.find((mail) => mail.to === bert.email)?.text).toContain('3 people coming\nhttps://club.example/event/' + tour + '\nYou are coming.');
    expect(almas?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(almas?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/club\.example\/api\/digest\.unsubscribe\.php\?t=\d+\.\d{8}[\w-]{43}>$/);

    // The next week, with something new again, everyone gets the next one.
    addPhotoPost('Rally photos', daysBefore(mondayMorning(1), 1));
    expect(run(mondayMorning(1))).toEqual({ week: '2031-06-09', emails: 2, isEmpty: false });
    expect(
      t.db
        .select()
        .from(digestLedger)
        .all()
        .map((row) => row.week)
        .sort(),
    ).toEqual(['2031-06-02', '2031-06-02', '2031-06-09', '2031-06-09']);
  });

  it("sends a household sharing an address one digest greeting both, with an I'm-coming button each; its opt-out stops both", async () => {
    open();
    const john = createMember(t.db, { firstName: 'John', lastName: 'Smith' });
    const mary = createMember(t.db, { firstName: 'Mary', lastName: 'Smith' });
    t.db.update(members).set({ email: 'smiths@example.test' }).where(eq(members.id, john.id)).run();
    t.db.update(members).set({ email: 'smiths@example.test' }).where(eq(members.id, mary.id)).run();
    const other = createMember(t.db);
    const at = mondayMorning();
    const tour = addEvent('2031-06-07T10:00', { created: daysBefore(at, 1) });
    t.db.insert(attendance).values({ eventId: tour, memberId: mary.id, isAttending: true, total: 2 }).run();

    expect(run(at)).toMatchObject({ emails: 2 });
    expect(run(at)).toMatchObject({ emails: 0 });
    const household = digests().find((mail) => mail.to === 'smiths@example.test');
    expect(
      digests()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([other.email, 'smiths@example.test'].sort());
    expect(household?.text).toContain('Hello John and Mary,');
    expect(household?.text).toMatch(new RegExp(`John: I'm coming \\(one click\\): https://club\\.example/coming/${john.id}\\.e${tour}w`));
    expect(household?.text).toContain('Mary is coming.');
    expect(household?.html).toContain('John: I&#39;m coming');
    expect(
      t.db
        .select({ memberId: digestLedger.memberId })
        .from(digestLedger)
        .all()
        .map((row) => row.memberId)
        .sort(),
    ).toEqual([john.id, mary.id, other.id].sort());

    const token = /digest-off\/([\w.-]+)/.exec(household?.text ?? '')?.[1] ?? '';
    expect((await call('digest.unsubscribe', { t: token })).body).toEqual({ m: 's•••@example.test' });
    const settings = t.db.select({ id: members.id, on: members.weeklyDigest }).from(members).all();
    expect(settings.filter((row) => row.id === john.id || row.id === mary.id).map((row) => row.on)).toEqual([false, false]);
    expect(settings.find((row) => row.id === other.id)?.on).toBe(true);
  });

  it('sends nothing to anybody in a week with nothing new, even with events coming up', () => {
    open();
    createMember(t.db);
    const at = mondayMorning();
    addEvent('2031-06-07T10:00', { created: daysBefore(at, 8) });
    addPhotoPost('Last month', daysBefore(at, 8));
    addThread('Waiting for a moderator', daysBefore(at, 1), false);
    expect(run(at)).toEqual({ week: '2031-06-02', emails: 0, isEmpty: true });
    expect(digests()).toEqual([]);
    expect(t.db.select().from(digestLedger).all()).toEqual([]);
  });

  it("lists the week's new classified listings members may see, and sends a week with only a new listing", () => {
    open();
    const seller = createMember(t.db, { firstName: 'Sally' });
    const at = mondayMorning();
    const fresh = addListing(seller.id, 'Zenith carburetor', daysBefore(at, 2));
    addListing(seller.id, 'Old news headlamp', daysBefore(at, 8));
    addListing(seller.id, 'Hidden horn', daysBefore(at, 1), { hiddenAt: daysBefore(at, 1) });
    addListing(seller.id, 'Sold wheel', daysBefore(at, 1), { soldAt: daysBefore(at, 1) });
    const run1 = run(at);
    expect(run1).toEqual({ week: '2031-06-02', emails: 1, isEmpty: false });
    const [mail] = digests();
    expect(mail?.subject).toContain('1 new classified');
    expect(mail?.text).toContain(`NEW CLASSIFIEDS\nZenith carburetor, $125.50 or offers\nhttps://club.example/classifieds/${fresh}`);
    expect(mail?.html).toContain('New classifieds');
    expect(mail?.text).not.toMatch(/Old news headlamp|Hidden horn|Sold wheel/);
  });

  it('shows the four newest listings and links to the rest, so a busy week in the classifieds stays short', () => {
    open();
    const seller = createMember(t.db, { firstName: 'Sally' });
    const at = mondayMorning();
    const ids = [1, 2, 3, 4, 5, 6].map((i) => addListing(seller.id, `Part ${i}`, daysBefore(at, 7 - i)));
    run(at);
    const [mail] = digests();
    expect(mail?.subject).toBe('Gateway A Club this week: 6 new classifieds');
    expect(mail?.text).toContain(`NEW CLASSIFIEDS\nPart 6, $125.50 or offers\nhttps://club.example/classifieds/${ids[5]}`);
    expect(mail?.text).toContain('Part 3, $125.50 or offers');
    expect(mail?.text).not.toMatch(/Part [12],/);
    expect(mail?.text).toContain('... and 2 more listings: https://club.example/classifieds');
    expect(mail?.html).toContain('>and 2 more listings in the classifieds</a>');
    expect(mail?.html).not.toContain('Part 2');
  });

  it("keeps a busy week's digest under the 102 KB at which Gmail clips a message, and makes no date formatter per message", () => {
    open();
    const john = createMember(t.db, { firstName: 'John', email: 'smiths@example.test' });
    createMember(t.db, { firstName: 'Mary', email: 'smiths@example.test' });
    const at = mondayMorning();
    // A week as busy as at ten times the club (the bench's data had 181 new listings): 30 events ahead, and more of everything than is shown.
    for (let day = 0; day < 30; day += 1)
      addEvent(`2031-06-${String(3 + (day % 20)).padStart(2, '0')}T${String(9 + (day % 8)).padStart(2, '0')}:00`, { created: daysBefore(at, 2) });
    for (let i = 0; i < 8; i += 1) addPhotoPost(`Post ${i}`, daysBefore(at, 3));
    for (let i = 0; i < 15; i += 1) addThread(`Thread ${i}`, daysBefore(at, 1));
    for (let i = 0; i < 150; i += 1) addListing(john.id, `Part ${i}`, daysBefore(at, 4), { photos: ['/uploads/classifieds/abc_2048x1536_webp.jpg'] });
    // Each date formatter made holds memory the garbage collector does not count: one per event and
    // message grew a digest to 1,500 members past 1 GB. They are made once, not per message.
    const Formatter = Intl.DateTimeFormat;
    let made = 0;
    const counting = new Proxy(Formatter, {
      construct: (target, args: ConstructorParameters<typeof Formatter>) => {
        made += 1;
        return new target(...args);
      },
    });
    Object.defineProperty(Intl, 'DateTimeFormat', { value: counting, configurable: true, writable: true });
    try {
      run(at);
    } finally {
      Object.defineProperty(Intl, 'DateTimeFormat', { value: Formatter, configurable: true, writable: true });
    }
    expect(made).toBeLessThan(3);
    const [mail] = digests();
    expect(mail?.subject).toContain('150 new classifieds');
    expect(mail?.html?.length).toBeLessThan(102_000);
  });

  it('leaves out members with e-mail notifications off, the digest off, or disabled', async () => {
    open();
    const wants = createMember(t.db);
    const noEmail = createMember(t.db);
    t.db.update(members).set({ emailNotifications: false }).where(eq(members.id, noEmail.id)).run();
    const noDigest = createMember(t.db);
    expect((await call('digest.set', { g: noDigest.token, d: 0 })).body).toEqual({ weeklyDigest: false });
    createMember(t.db, { enabled: false });
    addPhotoPost('New', daysBefore(mondayMorning(), 1));
    expect(run(mondayMorning())).toMatchObject({ emails: 1 });
    expect(digests().map((mail) => mail.to)).toEqual([wants.email]);
  });

  it('shows the newest Valley News with its cover, new photo posts and forum threads members may read', () => {
    open();
    const member = createMember(t.db);
    const at = mondayMorning();
    t.db
      .insert(newsletters)
      .values({ fileName: 'Valley News May 2031.pdf', year: 2031, month: 5, coverUrl: '/uploads/newsletter-covers/c_800x1035.jpg', created: daysBefore(at, 2) })
      .run();
    t.db
      .insert(newsletters)
      .values({ fileName: 'Valley News April 2031.pdf', year: 2031, month: 4, created: daysBefore(at, 40) })
      .run();
    const post = addPhotoPost('Swap meet photos', daysBefore(at, 3));
    const started = addThread('Carburetor trouble', daysBefore(at, 2));
    const older = addThread('Best tyres', daysBefore(at, 100));
    t.db
      .insert(forumPosts)
      .values({ threadId: older, content: 'Try these', approved: true, created: daysBefore(at, 1) })
      .run();
    const quiet = addThread('Quiet thread', daysBefore(at, 100));
    t.db
      .insert(forumPosts)
      .values({ threadId: quiet, content: 'Waiting', approved: false, created: daysBefore(at, 1) })
      .run();
    addThread('Not approved yet', daysBefore(at, 1), false);

    run(at);
    const [mail] = digests();
    expect(mail?.to).toBe(member.email);
    expect(mail?.subject).toBe('Gateway A Club this week: new Valley News, 1 new photo post, 2 forum threads');
    expect(mail?.text).toContain('VALLEY NEWS\nValley News May 2031\nhttps://club.example/newsletters/Valley%20News%20May%202031.pdf');
    expect(mail?.html).toContain(
      '<img src="https://club.example/uploads/newsletter-covers/c_800x1035.480.jpg" width="120" height="155" alt="The cover of Valley News May 2031"',
    );
    expect(mail?.html).toContain(
      `<img src="https://club.example/uploads/blog/abc_2048x1536_webp.1024.jpg" width="560" height="420" alt="A photo from Swap meet photos"`,
    );
    expect(mail?.text).toContain(`Swap meet photos\nhttps://club.example/blog/${post}`);
    // Latest activity first: the reply of yesterday, then the thread of the day before.
    expect(mail?.text).toContain(
      `ON THE FORUM\nBest tyres (1 new reply)\nhttps://club.example/forum/${older}\n\nCarburetor trouble (new thread)\nhttps://club.example/forum/${started}`,
    );
    expect(mail?.text).not.toContain('Quiet thread');
    expect(mail?.text).not.toContain('Not approved yet');
    expect(mail?.text).toContain('Nothing on the calendar for the next three weeks.');
  });

  it('shows four photo posts with their pictures and links to the rest, so a busy week stays short', () => {
    open();
    createMember(t.db);
    const at = mondayMorning();
    for (let i = 1; i <= 6; i += 1) addPhotoPost(`Post ${i}`, daysBefore(at, 7 - i));
    t.db
      .insert(newsletters)
      .values({ fileName: 'Valley News May 2031.pdf', year: 2031, month: 5, coverUrl: '/uploads/newsletter-covers/old.jpg', created: daysBefore(at, 2) })
      .run();
    run(at);
    const [mail] = digests();
    expect(mail?.subject).toBe('Gateway A Club this week: new Valley News, 6 new photo posts');
    expect(mail?.text).toContain('Post 6\nhttps://club.example/blog/6');
    expect(mail?.text).not.toContain('Post 2\n');
    expect(mail?.text).toContain('... and 2 more photo posts: https://club.example/blog');
    expect(mail?.html?.match(/alt="A photo from Post \d"/g)).toHaveLength(4);
    expect(mail?.html).toContain('>and 2 more photo posts on the Photos page</a>');
    // A cover stored without its size in its name is shown at a letter page's shape.
    expect(mail?.html).toContain(
      '<img src="https://club.example/uploads/newsletter-covers/old.jpg" width="120" height="155" alt="The cover of Valley News May 2031"',
    );
  });

  it('serves the pictures it shows to other origins too (webmail loads them from its own page)', async () => {
    open();
    fs.mkdirSync(path.join(t.config.uploadsDir, 'blog'), { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, 'blog', 'p_10x10.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const picture = await request(t.app).get('/uploads/blog/p_10x10.jpg');
    expect(picture.status).toBe(200);
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('writes HTML that mail programs show as written: inline styles only, pictures with width, height and alt', () => {
    open();
    createMember(t.db, { firstName: 'Dot <b>' });
    const at = mondayMorning();
    addEvent('2031-06-07T10:00', { title: 'Tour & <Picnic>', created: daysBefore(at, 1) });
    t.db
      .insert(newsletters)
      .values({ fileName: 'Valley News May 2031.pdf', year: 2031, month: 5, coverUrl: '/uploads/newsletter-covers/c_800x1035.jpg', created: daysBefore(at, 2) })
      .run();
    addPhotoPost('Photos', daysBefore(at, 3));
    run(at);
    const html = digests()[0]?.html ?? '';
    expect(html).toContain('<img ');
    expect(lintMailHtml(html)).toEqual([]);
    expect(html).toContain('Tour &amp; &lt;Picnic&gt;');
    expect(html).toContain('Hello Dot &lt;b&gt;,');
    // The check itself finds what it is for.
    expect(lintMailHtml('<link rel="stylesheet" href="https://x.example/a.css"><style>p{}</style><img src="/a.jpg"><a href="/x">x</a>')).toEqual([
      'a <link> (external CSS)',
      'a <style> block (use inline styles)',
      'an image without width: <img src="/a.jpg">',
      'an image without height: <img src="/a.jpg">',
      'an image without alt: <img src="/a.jpg">',
      'an image whose src is not an absolute http(s) address: <img src="/a.jpg">',
      'a link that is not absolute: /x',
    ]);
  });

  it('never sends twice when two runs (the CLI twice and the in-process job) go at the same moment', async () => {
    open({ BASE_URL: 'https://club.example' });
    saveSiteSettings(t.config);
    for (let i = 0; i < 30; i += 1) createMember(t.db);
    addPhotoPost('Fresh photos', new Date().toISOString());
    const apiRoot = fileURLToPath(new URL('../../..', import.meta.url));
    const cliRun = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/cli.ts'), 'digest'], {
          cwd: apiRoot,
          env: { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', BASE_URL: 'https://club.example', CLUB_NAME: 'Gateway A Club', INIT_CWD: '' },
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
      });
    const runs = [cliRun(), cliRun()];
    await Promise.race(runs);
    const inProcess = t.services.digest.run();
    const outputs = await Promise.all(runs);
    const all = digests();
    expect(all).toHaveLength(30);
    expect(new Set(all.map((mail) => mail.to)).size).toBe(30);
    const queuedByRun = [inProcess.emails, ...outputs.map((out) => Number(/: (\d+) e-mail/.exec(out)?.[1] ?? 'NaN'))];
    expect(queuedByRun.reduce((a, b) => a + b, 0)).toBe(30);
  }, 60_000);

  it('sends nothing twice after a restart: a new process finds the ledger and queues only who is missing', () => {
    open();
    const first = createMember(t.db);
    addPhotoPost('New', daysBefore(mondayMorning(), 1));
    const at = mondayMorning();
    expect(run(at).emails).toBe(1);
    // A member added after the first run, then the site restarts (new services on the same database).
    const later = createMember(t.db);
    const restarted = createWeeklyDigest({
      db: t.db,
      config: t.config,
      keys: t.services.keys,
      mail: { kick: () => undefined },
      logger: pino({ level: 'silent' }),
      clock: () => new Date(at.getTime() + HOUR),
    });
    expect(restarted.run()).toMatchObject({ emails: 1 });
    expect(digests().map((mail) => mail.to)).toEqual([first.email, later.email]);
  });

  it('goes on past a recipient whose digest cannot be written, and sends that one at the next run', () => {
    open();
    const good = createMember(t.db);
    const bad = createMember(t.db);
    addPhotoPost('New', daysBefore(mondayMorning(), 1));
    // A member whose e-mail the outbox refuses (the NOT NULL on outbox.to fails for this one only).
    t.db.$client.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON outbox WHEN NEW."to" = '${bad.email}' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
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
    const digest = createWeeklyDigest({
      db: t.db,
      config: t.config,
      keys: t.services.keys,
      mail: { kick: () => undefined },
      logger,
      clock: () => mondayMorning(),
    });
    expect(digest.run()).toMatchObject({ emails: 1 });
    expect(digests().map((mail) => mail.to)).toEqual([good.email]);
    expect(lines.some((line) => line.includes(`"memberIds":[${bad.id}]`))).toBe(true);
    t.db.$client.exec('DROP TRIGGER refuse_one');
    expect(digest.run()).toMatchObject({ emails: 1 });
    expect(digests().map((mail) => mail.to)).toEqual([good.email, bad.email]);
  });
});

describe('the digest schedule', () => {
  it("counts weeks from Monday and finds the next run in the club's zone", () => {
    expect(weekOf('2031-06-02')).toBe('2031-06-02');
    expect(weekOf('2031-06-08')).toBe('2031-06-02');
    expect(weekOf('2031-06-09')).toBe('2031-06-09');
    expect(nextRunOf('0 8 * * 1', new Date(Date.UTC(2031, 5, 4, 12)), 'America/Chicago').toISOString()).toBe('2031-06-09T13:00:00.000Z');
    expect(nextRunOf('30 7 * * 0', new Date(Date.UTC(2031, 5, 4, 12)), 'Europe/London').toISOString()).toBe('2031-06-08T06:30:00.000Z');
  });
});

describe('digest.unsubscribe', () => {
  it("turns the digest off from the e-mail's one-click header without a login, and leaves reminders on", async () => {
    const smtp = await startTestSmtp();
    try {
      open({ SMTP_URL: smtp.url, MAIL_FROM: 'Club <noreply@club.example>' });
      const member = createMember(t.db);
      addPhotoPost('New', new Date().toISOString());
      t.services.digest.run();
      await t.services.mail.deliverDue();
      const [received] = await smtp.waitFor(1);
      expect(received?.html).toContain('Stop the weekly digest');
      const header = (key: string) => (received?.headerLines.find((line) => line.key === key)?.line ?? '').replace(/\r?\n\s+/g, ' ');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const oneClick = new URL(/<(https?:[^>]+)>/.exec(header('list-unsubscribe'))?.[1] ?? '');
      const reply = await request(t.app).post(`${oneClick.pathname}${oneClick.search}`).type('form').send('List-Unsubscribe=One-Click');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ m: maskedEmail(member.email) });
      const row = t.db.select({ digest: members.weeklyDigest, email: members.emailNotifications }).from(members).where(eq(members.id, member.id)).get();
      expect(row).toEqual({ digest: false, email: true });
      expect((await call('digest.get', { g: member.token })).body).toEqual({ weeklyDigest: false });
      addPhotoPost('Newer', new Date(Date.now() + 7 * 24 * HOUR).toISOString());
      expect(run(new Date(Date.now() + 8 * 24 * HOUR)).emails).toBe(0);
    } finally {
      await t.services.mail.stop();
      await smtp.close();
    }
  });

  it("refuses a reminder's opt-out link, a forged one and an expired one", async () => {
    open();
    const member = createMember(t.db);
    const secret = t.services.keys.linkSecret;
    for (const token of [unsubscribeToken(secret, member.id), unsubscribeToken('another-secret', member.id, new Date(), 'weekly-digest-off'), 'nonsense']) {
      const reply = await call('digest.unsubscribe', { t: token });
      expect(reply.status).toBe(400);
      expect(reply.body.e).toMatch(/^This link is not valid/);
    }
    const old = await call('digest.unsubscribe', { t: unsubscribeToken(secret, member.id, new Date(Date.now() - 61 * 24 * HOUR), 'weekly-digest-off') });
    expect(old.status).toBe(400);
    expect(old.body.e).toMatch(/^This link has expired/);
    expect(t.db.select({ on: members.weeklyDigest }).from(members).where(eq(members.id, member.id)).get()?.on).toBe(true);
    // ... and a digest link never turns reminders off.
    expect((await call('email.unsubscribe', { t: unsubscribeToken(secret, member.id, new Date(), 'weekly-digest-off') })).status).toBe(400);
  });
});

describe('digest.get and digest.set', () => {
  it("reads and sets the member's own digest setting, for logged-in members only", async () => {
    open();
    const member = createMember(t.db);
    expect((await call('digest.get', { g: member.token })).body).toEqual({ weeklyDigest: true });
    expect((await call('digest.set', { g: member.token, d: '0' })).body).toEqual({ weeklyDigest: false });
    expect((await call('digest.get', { g: member.token })).body).toEqual({ weeklyDigest: false });
    expect((await call('digest.set', { g: member.token, d: 1 })).body).toEqual({ weeklyDigest: true });
    expect((await call('digest.get', {})).status).toBe(401);
  });
});

describe('rsvp.get and rsvp.confirm', () => {
  const tokenFor = (memberId: number, eventId: number, until = '2031-06-07T16:00', week = '2031-06-02') =>
    rsvpToken(t.services.keys.linkSecret, { memberId, eventId, week, until });
  const comingOf = (eventId: number) =>
    t.db
      .select({ memberId: attendance.memberId, isAttending: attendance.isAttending, total: attendance.total })
      .from(attendance)
      .where(eq(attendance.eventId, eventId))
      .all();

  it('names the event without changing anything, then records "I\'m coming" once', async () => {
    open();
    const member = createMember(t.db);
    const id = addEvent('2031-06-07T10:00', { end: '2031-06-07T16:00' });
    const token = tokenFor(member.id, id);
    const event = { eventId: id, title: 'Spring Tour', date: 'Saturday, June 7, 2031', time: '10:00 AM', venue: 'Forest Park' };
    expect((await call('rsvp.get', { t: token })).body).toEqual({ event });
    expect(comingOf(id)).toEqual([]);
    expect((await call('rsvp.confirm', { t: token })).body).toEqual({ event, status: 'confirmed' });
    expect(comingOf(id)).toEqual([{ memberId: member.id, isAttending: true, total: 1 }]);
    const again = await call('rsvp.confirm', { t: token });
    expect(again.status).toBe(400);
    expect(again.body.e).toMatch(/^This link was already used/);
    expect((await call('rsvp.get', { t: token })).status).toBe(400);
    expect(comingOf(id)).toEqual([{ memberId: member.id, isAttending: true, total: 1 }]);
    // Next week's digest carries a link of its own, which works; a party already coming stays as it is.
    t.db.update(attendance).set({ total: 4 }).run();
    expect((await call('rsvp.confirm', { t: tokenFor(member.id, id, '2031-06-07T16:00', '2031-06-09') })).body).toEqual({ event, status: 'already' });
    expect(comingOf(id)).toEqual([{ memberId: member.id, isAttending: true, total: 4 }]);
  });

  it('refuses a forged link: another member, another event, a later end, or another secret', async () => {
    open();
    const member = createMember(t.db);
    const other = createMember(t.db);
    const id = addEvent('2031-06-07T10:00');
    const second = addEvent('2031-06-08T10:00');
    const token = tokenFor(member.id, id);
    const forged = [
      `${other.id}${token.slice(token.indexOf('.'))}`,
      token.replace(`e${id}w`, `e${second}w`),
      token.replace('u203106071600', 'u209912311600'),
      rsvpToken('another-secret', { memberId: member.id, eventId: id, week: '2031-06-02', until: '2031-06-07T16:00' }),
      unsubscribeToken(t.services.keys.linkSecret, member.id, new Date(), 'weekly-digest-off'),
    ];
    for (const link of forged) {
      const reply = await call('rsvp.confirm', { t: link });
      expect(reply.status).toBe(400);
      expect(reply.body.e).toMatch(/^This link is not valid/);
    }
    expect(t.db.select().from(attendance).all()).toEqual([]);
  });

  it('keeps the links out of the request log, as the opt-out links are', () => {
    open();
    const token = tokenFor(12, 34);
    expect(scrubUrl(`/coming/${token}`)).toBe('/coming/[token]');
    expect(scrubUrl(`/digest-off/${unsubscribeToken('s', 12, new Date(), 'weekly-digest-off')}`)).toBe('/digest-off/[token]');
  });

  it('refuses a link once its event is over (the club clock past its end)', () => {
    open();
    const member = createMember(t.db);
    const id = addEvent('2031-06-07T10:00', { end: '2031-06-07T16:00' });
    const token = tokenFor(member.id, id);
    const at = (local: string) => createDigestService({ db: t.db, services: t.services, config: t.config, clock: () => new Date(`${local}:00-05:00`) });
    expect(at('2031-06-07T15:59').readRsvp(token).title).toBe('Spring Tour');
    expect(() => at('2031-06-07T16:01').confirmRsvp(token)).toThrow(/^This link has expired: Spring Tour is over/);
    expect(t.db.select().from(attendance).all()).toEqual([]);
  });
});

describe('digest.preview and digest.sendMe', () => {
  it("shows the admin next week's digest written for them, and sends it to them alone", async () => {
    open();
    const admin = createMember(t.db, { permissions: ['admin'], firstName: 'Ada' });
    createMember(t.db);
    const member = createMember(t.db);
    expect((await call('digest.preview', { g: member.token })).status).toBe(403);
    addPhotoPost('Fresh photos', new Date().toISOString());
    const preview = await call('digest.preview', { g: admin.token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ subject: 'Gateway A Club this week: 1 new photo post', recipients: 3, isEmpty: false });
    expect(preview.body.week).toBe(weekOf(nextRunOf('0 8 * * 1', new Date(), 'America/Chicago').toISOString().slice(0, 10)));
    expect(preview.body.html).toContain('Hello Ada,');
    expect(preview.body.text).toContain('Fresh photos');
    expect(t.db.select().from(digestLedger).all()).toEqual([]);

    // Shown on the site, whatever host name it was opened by, its pictures come from that host; the e-mail's from BASE_URL.
    const pictures = (html: string) => [...html.matchAll(/<img src="([^"]*)"/g)].map((found) => found[1]);
    expect(pictures(preview.body.html as string)).toEqual(['/uploads/blog/abc_2048x1536_webp.1024.jpg']);

    expect((await call('digest.sendMe', { g: admin.token })).body).toEqual({ to: admin.email });
    expect(t.db.select({ to: outbox.to, subject: outbox.subject, priority: outbox.priority }).from(outbox).all()).toEqual([
      { to: admin.email, subject: '[Preview] Gateway A Club this week: 1 new photo post', priority: 0 },
    ]);
    expect(pictures(t.db.select({ html: outbox.html }).from(outbox).get()?.html ?? '')).toEqual([
      'https://club.example/uploads/blog/abc_2048x1536_webp.1024.jpg',
    ]);
    // Outside the ledger: the admin still gets the real one.
    expect(t.services.digest.run().emails).toBe(3);
  });

  it('answers a repeated look with 304, and shows a change, another admin or the next week at once', async () => {
    open();
    const ada = createMember(t.db, { permissions: ['admin'], firstName: 'Ada' });
    const bea = createMember(t.db, { permissions: ['admin'], firstName: 'Bea' });
    addPhotoPost('Fresh photos', new Date().toISOString());
    const first = await call('digest.preview', { g: ada.token });
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await call('digest.preview', { g: ada.token }).set('If-None-Match', etag);
    expect(again.status).toBe(304);

    // Written for whoever asks: never another admin's greeting and links.
    expect((await call('digest.preview', { g: bea.token })).body.html).toContain('Hello Bea,');

    addThread('Who has a spare carburetor?', new Date().toISOString());
    const changed = await call('digest.preview', { g: ada.token }).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.text).toContain('Who has a spare carburetor?');
    expect(changed.body.html).toContain('Hello Ada,');

    // Once the run it previews has gone out, the preview is of the week after, data unchanged.
    const week = changed.body.week as string;
    const nextRun = nextRunOf('0 8 * * 1', new Date(), 'America/Chicago');
    vi.useFakeTimers({ toFake: ['Date'], now: nextRun.getTime() + 60_000 });
    try {
      const later = await call('digest.preview', { g: ada.token });
      expect(later.status).toBe(200);
      expect(later.body.week).not.toBe(week);
      expect(later.body.week).toBe(weekOf(nextRunOf('0 8 * * 1', new Date(), 'America/Chicago').toISOString().slice(0, 10)));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says there is nothing to send in a week with nothing new', async () => {
    open();
    const admin = createMember(t.db, { permissions: ['admin'] });
    expect((await call('digest.preview', { g: admin.token })).body).toMatchObject({ isEmpty: true, recipients: 1 });
    const reply = await call('digest.sendMe', { g: admin.token });
    expect(reply.status).toBe(400);
    expect(reply.body.e).toMatch(/^Nothing new was added this week/);
    expect(t.db.select().from(outbox).all()).toEqual([]);
  });
});
