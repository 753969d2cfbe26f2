import { PATHS, type SearchGroup, type SearchKind } from '@club/contracts';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';
import { linesPdf } from '../../demo/pdf-document.ts';

const require = createRequire(import.meta.url);
let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let author: TestMember;
let member: TestMember;

type Role = 'visitor' | 'member' | 'moderator' | 'author';
const tokenOf = (role: Role): string | undefined =>
  role === 'visitor' ? undefined : { member: member.token, moderator: moderator.token, author: author.token }[role];

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

type Answer = { groups: SearchGroup[]; note: string };

async function search(role: Role, q: string, extra: { kind?: SearchKind; page?: number } = {}): Promise<Answer> {
  const token = tokenOf(role);
  const res = await post('site.search', { q, ...extra, ...(token ? { g: token } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Answer;
}

/** Everything one role's answer says, as text: titles, snippets, kinds and counts. */
const textOf = (answer: Answer) => JSON.stringify(answer);
const idsOf = (answer: Answer, kind: SearchKind) => answer.groups.find((group) => group.kind === kind)?.results.map((result) => result.id) ?? [];

function uploadNewsletter(fields: Record<string, string | number>, file: Buffer, name: string) {
  return postMultipart(t.app, 'newsletter.set', { g: admin.token, ...fields }, [{ field: 'f', buffer: file, name }]);
}

beforeAll(() => {
  t = createTestApp();
  admin = createMember(t.db, { permissions: ['admin'] });
  moderator = createMember(t.db, { permissions: ['moderator'] });
  author = createMember(t.db, { permissions: ['forum'] });
  member = createMember(t.db);
});
afterAll(() => t.close());

describe('POST /api/site.search.php', () => {
  it('finds a president by name for a visitor, with the matched word marked in the snippet', async () => {
    const saved = await post('president.save', { g: admin.token, i: 0, y: 1983, n: 'Thaddeus Quackenbush' });
    expect(saved.status).toBe(200);
    const answer = await search('visitor', 'quackenbush');
    const group = answer.groups.find((g) => g.kind === 'president');
    expect(group?.total).toBe(1);
    expect(group?.results[0]).toMatchObject({ id: saved.body.i, title: 'Thaddeus Quackenbush (1983)' });
    expect(group?.results[0]?.snippet).toContain('Quackenbush');
    expect(group?.results[0]?.snippet.indexOf('Quackenbush') ?? 0).toBeGreaterThan(0);
  });

  it('keeps events (members only) from visitors: no result, snippet or count, while members find the venue', async () => {
    const saved = await post('event.save', {
      g: admin.token,
      id: 0,
      t: 'Spring drive',
      start: '2031-04-12T09:00',
      end: '2031-04-12T15:00',
      venue: 'Zwiebelturm Lodge',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const visitor = await search('visitor', 'Zwiebelturm');
    expect(visitor.groups).toEqual([]);
    expect(textOf(visitor)).not.toMatch(/Zwiebelturm|Spring drive/);
    const seen = await search('member', 'Zwiebelturm');
    expect(idsOf(seen, 'event')).toEqual([saved.body.i]);
    expect(textOf(seen)).toContain('Zwiebelturm');
  });

  it('shows waiting forum text only to moderators and its author, then to members once approved', async () => {
    const thread = await request(t.app)
      .post('/api/forum.createThread.php')
      .field('g', author.token)
      .field('t', 'Carburetor flooding')
      .field('d', 'My Zenith floods with gorgonzola smell');
    expect(thread.status, JSON.stringify(thread.body)).toBe(200);
    const threadId = thread.body.i as number;
    const reply = await post('forum.createPost', { g: author.token, t: threadId, c: 'Also the float sticks like marzipan' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);

    for (const role of ['visitor', 'member'] as const) {
      for (const word of ['gorgonzola', 'marzipan', 'flooding']) {
        const answer = await search(role, word);
        expect(answer.groups, `${role} ${word}`).toEqual([]);
      }
    }
    for (const role of ['moderator', 'author'] as const) {
      expect(idsOf(await search(role, 'gorgonzola'), 'forumThread'), role).toEqual([threadId]);
      expect(
        (await search(role, 'marzipan')).groups.map((g) => g.kind),
        role,
      ).toEqual(['forumPost']);
    }

    expect((await post('forum.update', { g: moderator.token, t: threadId, a: 1 })).status).toBe(200);
    expect(idsOf(await search('member', 'gorgonzola'), 'forumThread')).toEqual([threadId]);
    // The post itself still waits.
    expect((await search('member', 'marzipan')).groups).toEqual([]);
    const postId = (await search('moderator', 'marzipan')).groups[0]?.results[0]?.id;
    expect((await post('forum.update', { g: moderator.token, p: postId, a: 1 })).status).toBe(200);
    const found = await search('member', 'marzipan');
    expect(found.groups[0]?.results[0]).toMatchObject({ id: postId, part: threadId });

    expect((await post('forum.update', { g: moderator.token, t: threadId, d: 1 })).status).toBe(200);
    for (const role of ['member', 'moderator', 'author'] as const) {
      expect((await search(role, 'gorgonzola')).groups, role).toEqual([]);
      expect((await search(role, 'marzipan')).groups, role).toEqual([]);
    }
  });

  it('finds members by name, city and car for members only', async () => {
    const saved = await post('member.save', {
      g: admin.token,
      i: 0,
      o: 1,
      fn: 'Philomena',
      l: 'Wrightsman',
      e: 'philomena@example.test',
      c: 'Pevely',
      s: 'MO',
      cars: ['1930 Model A Phaeton'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.i as number;
    for (const word of ['Wrightsman', 'Pevely', 'phaeton']) {
      // The car itself is in the registry, as public as car.get shows it, without the owner's name.
      const visitor = await search('visitor', word);
      expect(
        visitor.groups.filter((g) => g.kind !== 'car'),
        word,
      ).toEqual([]);
      expect(textOf(visitor), word).not.toMatch(/Wrightsman|Pevely|Philomena/);
      expect(idsOf(await search('member', word), 'member'), word).toEqual([id]);
    }
    expect((await post('member.delete', { g: admin.token, id })).status).toBe(200);
    // Gone from the members; their car stays in the registry, their name in its history.
    expect((await search('member', 'Wrightsman')).groups.map((g) => g.kind)).toEqual(['car']);
  });

  it('shows a public car to visitors without its owner, serial or engine number; members-only cars to members only', async () => {
    const car = (fields: Record<string, string | number>) => postMultipart(t.app, 'car.save', { g: member.token, ...fields });
    const open = await car({
      id: 0,
      year: 1929,
      bodyStyle: 'Roadster',
      colour: 'Brewster Green',
      name: 'Clementine',
      story: 'Rescued from a quarry',
      engineNumber: 'QX778899',
      serial: 'SR4455',
      visibility: 'public',
    });
    const hidden = await car({
      id: 0,
      year: 1931,
      bodyStyle: 'Tudor',
      colour: 'Black',
      name: 'Hortensia',
      story: 'Kept in a quarry shed',
      visibility: 'members',
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);

    const visitor = await search('visitor', 'quarry');
    expect(idsOf(visitor, 'car')).toEqual([open.body.i]);
    expect(visitor.groups.find((g) => g.kind === 'car')?.total).toBe(1);
    expect(textOf(visitor)).not.toMatch(/Hortensia|QX778899|SR4455/);
    expect((await search('visitor', 'QX778899')).groups).toEqual([]);
    expect((await search('visitor', member.name.split(' ')[0] ?? '')).groups.filter((g) => g.kind === 'car')).toEqual([]);

    const seen = await search('member', 'quarry');
    expect(idsOf(seen, 'car').sort()).toEqual([open.body.i, hidden.body.i].sort());
    expect(idsOf(await search('member', 'QX778899'), 'car')).toEqual([open.body.i]);

    expect((await post('car.delete', { g: member.token, id: hidden.body.i })).status).toBe(200);
    expect(idsOf(await search('member', 'Hortensia'), 'car')).toEqual([]);
  });

  it('tells alike cars apart in their titles: colour, and the owner where the car lets this viewer see them', async () => {
    const named = createMember(t.db, { firstName: 'Cornelius', lastName: 'Fairweather' });
    const unnamed = createMember(t.db, { firstName: 'Drusilla', lastName: 'Ashgrove' });
    const hidden = createMember(t.db, { firstName: 'Evander', lastName: 'Pumphrey' });
    const car = (owner: TestMember, fields: Record<string, string | number>) => {
      let req = request(t.app).post('/api/car.save.php').field('g', owner.token);
      for (const [key, value] of Object.entries({ id: 0, year: 1931, bodyStyle: 'Fordor', ...fields })) req = req.field(key, String(value));
      return req;
    };
    const ids: number[] = [];
    for (const [owner, fields] of [
      [named, { colour: 'Copra Drab', visibility: 'public-named' }],
      [unnamed, { colour: 'Black', visibility: 'public' }],
      [hidden, { colour: '', visibility: 'members' }],
    ] as const) {
      const res = await car(owner, fields);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.i as number);
    }
    const titlesFor = async (role: Role) => {
      const results = (await search(role, 'fordor', { kind: 'car' })).groups.find((g) => g.kind === 'car')?.results ?? [];
      return Object.fromEntries(results.map((result) => [result.id, result.title]));
    };

    expect(await titlesFor('member')).toEqual({
      [ids[0] ?? 0]: '1931 Fordor · Copra Drab · Cornelius Fairweather',
      [ids[1] ?? 0]: '1931 Fordor · Black · Drusilla Ashgrove',
      [ids[2] ?? 0]: '1931 Fordor · Evander Pumphrey',
    });
    const visitor = await titlesFor('visitor');
    expect(visitor).toEqual({
      [ids[0] ?? 0]: '1931 Fordor · Copra Drab · Cornelius Fairweather',
      [ids[1] ?? 0]: '1931 Fordor · Black',
    });
    expect(JSON.stringify(await search('visitor', 'fordor'))).not.toMatch(/Drusilla|Ashgrove|Evander|Pumphrey/);
  });

  it('finds a word inside a newsletter PDF, page by page, for members only', async () => {
    const pdf = await linesPdf(['Valley News cover', 'The zeppelinoid rally report']);
    const saved = await uploadNewsletter({ m: 5, y: 1977 }, pdf, 'Valley News May 1977.pdf');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect((await search('visitor', 'zeppelinoid')).groups).toEqual([]);
    const found = await search('member', 'zeppelinoid');
    const result = found.groups.find((g) => g.kind === 'newsletter')?.results[0];
    expect(result).toMatchObject({ part: 2, ref: 'Valley News May 1977.pdf', title: 'Valley News May 1977, page 2' });
    expect(result?.snippet).toContain('zeppelinoid');
  });

  it('indexes a scanned newsletter with no text by its name and flags it "no text"', async () => {
    const saved = await uploadNewsletter({ m: 6, y: 1978 }, await linesPdf(['', '']), 'Valley News June 1978.pdf');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.w).toMatch(/no text/i);
    const found = await search('member', 'June 1978');
    expect(found.groups.find((g) => g.kind === 'newsletter')?.results).toEqual([
      expect.objectContaining({ part: 0, ref: 'Valley News June 1978.pdf', title: 'Valley News June 1978' }),
    ]);
    const listed = await request(t.app).get('/api/newsletters.get.php');
    const edition = (listed.body.v as { fileName: string; textStatus: string }[]).find((v) => v.fileName === 'Valley News June 1978.pdf');
    expect(edition?.textStatus).toBe('none');
  });

  it('keeps the index current when a record is edited', async () => {
    const saved = await post('president.save', { g: admin.token, i: 0, y: 1990, n: 'Bartholomew Oldname' });
    expect(idsOf(await search('visitor', 'Oldname'), 'president')).toEqual([saved.body.i]);
    await post('president.save', { g: admin.token, i: saved.body.i, y: 1990, n: 'Bartholomew Newname' });
    expect((await search('visitor', 'Oldname')).groups).toEqual([]);
    expect(idsOf(await search('visitor', 'Newname'), 'president')).toEqual([saved.body.i]);
  });

  it('removes a deleted event and a deleted photo post', async () => {
    const event = await post('event.save', { g: admin.token, id: 0, t: 'Pumpernickel run', start: '2031-05-01T09:00', end: '2031-05-01T12:00' });
    const photos = await request(t.app)
      .post('/api/blog.save.php')
      .field('g', admin.token)
      .field('i', '0')
      .field('t', 'Pumpernickel photos')
      .field('date', '2031-05-02')
      .field('h', 'Pictures of the run');
    expect(photos.status, JSON.stringify(photos.body)).toBe(200);
    expect((await search('member', 'pumpernickel')).groups.map((g) => g.kind).sort()).toEqual(['event', 'photo']);
    expect((await post('event.delete', { g: admin.token, id: event.body.i })).status).toBe(200);
    expect((await post('blog.delete', { g: admin.token, id: photos.body.i })).status).toBe(200);
    expect((await search('member', 'pumpernickel')).groups).toEqual([]);
  });

  it('matches phrases, prefixes as typed, stems and folds diacritics', async () => {
    await post('president.save', { g: admin.token, i: 0, y: 1995, n: 'Zoë Müllerheim' });
    expect((await search('visitor', 'mullerheim')).groups.length).toBe(1);
    expect((await search('visitor', 'Zoe Mullerh')).groups.length).toBe(1);
    expect((await search('visitor', 'Zoe Mullerh ')).groups).toEqual([]);
    expect((await search('visitor', '"Zoe Mullerheim"')).groups.length).toBe(1);
    expect((await search('visitor', '"Mullerheim Zoe"')).groups).toEqual([]);
  });

  it('answers calmly to queries that are not FTS syntax', async () => {
    for (const q of ['"model a', '*', 'NEAR(', "'; drop", 'AND OR NOT', '"', '(((', 'a:b', '^x']) {
      const answer = await search('member', q);
      expect(Array.isArray(answer.groups), q).toBe(true);
    }
    expect((await search('visitor', '*')).note).toMatch(/word/);
  });

  it('refuses a query longer than 200 characters with 400 naming the search', async () => {
    const res = await post('site.search', { q: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/search/);
  });

  it('gives the first 5 of each kind with the total, then 50 of one kind at a time by page', async () => {
    for (let n = 0; n < 55; n += 1) await post('president.save', { g: admin.token, i: 0, y: 1900 + n, n: `Rutabaga Person${n}` });
    const overview = await search('visitor', 'rutabaga');
    expect(overview.groups.map((g) => [g.kind, g.total, g.results.length])).toEqual([['president', 55, 5]]);
    const first = await search('visitor', 'rutabaga', { kind: 'president' });
    expect(first.groups.map((g) => [g.kind, g.total, g.results.length])).toEqual([['president', 55, 50]]);
    expect(first.groups[0]?.results.slice(0, 5)).toEqual(overview.groups[0]?.results);
    const next = await search('visitor', 'rutabaga', { kind: 'president', page: 2 });
    expect(next.groups.map((g) => [g.kind, g.total, g.results.length])).toEqual([['president', 55, 5]]);
    const all = new Set([...(first.groups[0]?.results ?? []), ...(next.groups[0]?.results ?? [])].map((r) => r.id));
    expect(all.size).toBe(55);
  });
});

describe('the public kinds: history, presidents, Shaft Award, start-up parties, board, meetings, links and the written pages', () => {
  const PUBLIC_KINDS: SearchKind[] = ['president', 'shaftAward', 'startupParty', 'board', 'meeting', 'link'];

  beforeAll(async () => {
    // Each public kind says "Vogelsang"; so do members-only records (an event, a member, and
    // a forum thread still waiting), which a visitor must not see in any form.
    expect((await post('president.save', { g: admin.token, i: 0, y: 1984, n: 'Ottilie Vogelsang' })).status).toBe(200);
    const winner = await request(t.app)
      .post('/api/shaftAwardWinner.set.php')
      .field('g', admin.token)
      .field('i', '0')
      .field('y', '1999')
      .field('n', 'Casimir Vogelsang')
      .field('img', '');
    expect(winner.status, JSON.stringify(winner.body)).toBe(200);
    const party = await post('startupParty.set', { g: admin.token, i: 0, n: 'Old Vogelsang Tudor', o: 'Perpetua Quill', m: 'Tudor', x: 'Idle in a barn' });
    expect(party.status, JSON.stringify(party.body)).toBe(200);
    expect((await post('boardMembers.save', { g: admin.token, y: 2036, p: ['Historian'], m: ['Wendelin Vogelsang'] })).status).toBe(200);
    const meeting = await post('meeting.set', {
      g: admin.token,
      name: 'Vogelsang Grange Hall',
      street: '1 Grange Road',
      city: 'Kirkwood',
      state: 'MO',
      zip: '63122',
      week: 1,
      weekday: 2,
      time: '19:00',
      monthsOff: [1],
    });
    expect(meeting.status, JSON.stringify(meeting.body)).toBe(200);
    // Links have no editor call yet (the demo adds them); written as links.addGroups does.
    const { id: groupId } = t.db.get<{ id: number }>(sql`INSERT INTO link_groups (name, position) VALUES ('Vogelsang chapters', 99) RETURNING id`);
    const { id: linkId } = t.db.get<{ id: number }>(
      sql`INSERT INTO links (group_id, url, label, position) VALUES (${groupId}, 'https://vogelsang.example/', 'Vogelsang Region', 0) RETURNING id`,
    );
    t.services.search.reindex(t.db, 'link', [linkId]);

    const event = await post('event.save', {
      g: admin.token,
      id: 0,
      t: 'Vogelsang picnic',
      start: '2031-06-12T09:00',
      end: '2031-06-12T15:00',
      venue: 'Kettlewell Farm',
    });
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    // The factory writes the row as member.save would, then the index as member.save does.
    t.services.search.reindex(t.db, 'member', [createMember(t.db, { firstName: 'Hermine', lastName: 'Vogelsang' }).id]);
    const thread = await request(t.app)
      .post('/api/forum.createThread.php')
      .field('g', author.token)
      .field('t', 'Vogelsang question')
      .field('d', 'Waiting for its approval');
    expect(thread.status, JSON.stringify(thread.body)).toBe(200);
  });

  it('finds every public kind for a visitor, with no members-only result, snippet or count', async () => {
    const visitor = await search('visitor', 'vogelsang');
    expect(visitor.groups.map((g) => g.kind).sort()).toEqual([...PUBLIC_KINDS].sort());
    for (const group of visitor.groups) {
      expect(group.total, group.kind).toBe(1);
      expect(group.results[0]?.snippet.join(''), group.kind).toMatch(/Vogelsang/);
      expect(
        group.results[0]?.snippet.filter((_, index) => index % 2 === 1),
        group.kind,
      ).toContain('Vogelsang');
    }
    expect(textOf(visitor)).not.toMatch(/picnic|Kettlewell|Hermine|question|Waiting/);
    // Asking for a members-only kind by name gives nothing either, not even a count.
    for (const kind of ['event', 'member', 'forumThread'] as const) {
      expect((await search('visitor', 'vogelsang', { kind })).groups, kind).toEqual([]);
    }
  });

  it('finds the same public results for a member, beside what only members see', async () => {
    const visitor = await search('visitor', 'vogelsang');
    const member_ = await search('member', 'vogelsang');
    expect(member_.groups.map((g) => g.kind).sort()).toEqual([...PUBLIC_KINDS, 'event', 'member'].sort());
    for (const group of visitor.groups)
      expect(
        member_.groups.find((g) => g.kind === group.kind),
        group.kind,
      ).toEqual(group);
    expect(textOf(member_)).toMatch(/Kettlewell|picnic/);
    expect(textOf(member_)).not.toMatch(/question|Waiting/);
  });

  it('finds the written pages by the words they render, for visitors and members alike', async () => {
    // Words of the pages themselves (not of a summary of them): a founder's granddaughter, a
    // Tech table's babbitt bearings, the constitution's quorum, the membership's ice-cream run.
    const cases: [string, string][] = [
      ['Meadowbrook', PATHS.history],
      ['granddaughter', PATHS.founders],
      ['babbitt', PATHS.tech],
      ['quorum', PATHS.clubDocuments],
      ['"ice-cream run"', PATHS.membership],
    ];
    for (const role of ['visitor', 'member'] as const) {
      for (const [word, path] of cases) {
        const pages = (await search(role, word)).groups.find((g) => g.kind === 'page');
        expect(
          pages?.results.map((r) => r.ref),
          `${role} ${word}`,
        ).toContain(path);
      }
    }
  });

  it('indexes the written pages again at every start, as a new version may have changed their words', async () => {
    // As after an upgrade: the index holds an old page's words, and not the Tech page's.
    t.db.run(sql`DELETE FROM search_text WHERE rowid IN (SELECT id FROM search_entries WHERE kind = 'page' AND ref = ${PATHS.tech})`);
    t.db.run(sql`DELETE FROM search_entries WHERE kind = 'page' AND ref = ${PATHS.tech}`);
    const { id } = t.db.get<{ id: number }>(
      sql`INSERT INTO search_entries (kind, record_id, ref, audience) VALUES ('page', 99, '/old-page', 'public') RETURNING id`,
    );
    t.db.run(sql`INSERT INTO search_text (rowid, title, body) VALUES (${id}, 'Old page', 'Obsolete frobnicator words')`);
    expect((await search('visitor', 'babbitt')).groups).toEqual([]);
    expect((await search('visitor', 'frobnicator')).groups.map((g) => g.kind)).toEqual(['page']);

    expect(t.services.search.rebuildIfWanted()).toBe(false);
    t.services.search.reindexShipped();
    expect(idsOf(await search('visitor', 'babbitt'), 'page')).toHaveLength(1);
    expect((await search('visitor', 'frobnicator')).groups).toEqual([]);
  });
});

describe('indexing the written pages again while another process writes', () => {
  it('waits for that write to end instead of failing at its own first write', async () => {
    // Another process (a CLI command) holds the write lock for 300 ms from now.
    const script = `
      const db = new (require(${JSON.stringify(require.resolve('better-sqlite3'))}))(${JSON.stringify(t.config.databaseFile)});
      db.exec('BEGIN IMMEDIATE');
      db.prepare("INSERT INTO presidents (year, name) VALUES (1929, 'Lock Holder')").run();
      process.stdout.write('locked\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      db.exec('COMMIT');
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    expect(() => t.services.search.reindexShipped()).not.toThrow();
    await new Promise((resolve) => child.once('exit', resolve));
    expect(idsOf(await search('visitor', 'babbitt'), 'page')).toHaveLength(1);
  });
});

describe('classified listings in the site search', () => {
  const sellerOf = () => createMember(t.db, { firstName: 'Ignatius', lastName: 'Scrimshander', permissions: ['forum'] });
  async function place(seller: TestMember, fields: Record<string, string>): Promise<number> {
    let req = request(t.app).post('/api/listing.save.php').field('g', seller.token);
    const all = { id: '0', kind: 'sale', category: 'part', price: '40', condition: 'good', city: 'Kirkwood', state: 'MO', visibility: 'public', ...fields };
    for (const [key, value] of Object.entries(all)) req = req.field(key, value);
    const res = await req;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.i as number;
  }

  it('finds a public listing for a visitor without the seller name, and a members-only one only for members', async () => {
    const seller = sellerOf();
    const open = await place(seller, { title: 'Zenith carburetor', text: 'Rebuilt quaggafloat bowl' });
    const closed = await place(seller, { title: 'Members carburetor', text: 'Another quaggafloat', visibility: 'members' });
    const visitor = await search('visitor', 'quaggafloat');
    expect(idsOf(visitor, 'listing')).toEqual([open]);
    expect(textOf(visitor)).not.toMatch(/Scrimshander|Members carburetor/);
    expect(idsOf(await search('member', 'quaggafloat'), 'listing').sort()).toEqual([open, closed].sort());
    expect(idsOf(await search('member', 'scrimshander quaggafloat'), 'listing').sort()).toEqual([open, closed].sort());
    expect(idsOf(await search('visitor', 'scrimshander'), 'listing')).toEqual([]);
  });

  it('shows a hidden listing to nobody, and drops a deleted, sold-long-ago or expired one', async () => {
    const seller = sellerOf();
    const hidden = await place(seller, { title: 'Hood ornament', text: 'Quetzalwing motometer' });
    expect((await post('listing.moderate', { g: moderator.token, id: hidden, hidden: 1 })).status).toBe(200);
    for (const role of ['visitor', 'member', 'moderator', 'author'] as const) {
      expect(textOf(await search(role, 'quetzalwing')), role).not.toMatch(/Hood ornament|motometer/);
    }
    const gone = await post('listing.moderate', { g: moderator.token, id: hidden, hidden: 0 });
    expect(gone.status).toBe(200);
    expect(idsOf(await search('visitor', 'quetzalwing'), 'listing')).toEqual([hidden]);

    const deleted = await place(seller, { title: 'Running boards', text: 'Xylocarp mats' });
    expect(idsOf(await search('member', 'xylocarp'), 'listing')).toEqual([deleted]);
    expect((await post('listing.delete', { g: seller.token, id: deleted })).status).toBe(200);
    expect(textOf(await search('member', 'xylocarp'))).not.toMatch(/Running boards|mats/);

    const expiring = await place(seller, { title: 'Spare tire cover', text: 'Vorpalhub cover' });
    expect(idsOf(await search('visitor', 'vorpalhub'), 'listing')).toEqual([expiring]);
    t.db.run(sql`UPDATE listings SET expires_at = ${new Date(Date.now() - 1000).toISOString()} WHERE id = ${expiring}`);
    t.services.listingNotices.sendRenewalNotices();
    expect(idsOf(await search('member', 'vorpalhub'), 'listing')).toEqual([]);

    const member2 = sellerOf();
    const ofLeaver = await place(member2, { title: 'Tail light', text: 'Jabberlamp lens' });
    expect(idsOf(await search('visitor', 'jabberlamp'), 'listing')).toEqual([ofLeaver]);
    expect((await post('member.delete', { g: admin.token, id: member2.id })).status).toBe(200);
    expect(idsOf(await search('visitor', 'jabberlamp'), 'listing')).toEqual([]);
  });
});

describe('results that share a name, told apart by their dates and years', () => {
  /** Every result's title and snippet of one kind, as a person reads them. */
  const linesOf = (answer: Answer, kind: SearchKind) =>
    answer.groups.find((group) => group.kind === kind)?.results.map((result) => `${result.title} | ${result.snippet.join('')}`) ?? [];

  it('shows two presidents of the same name, and two Shaft Award winners, with their years', async () => {
    for (const year of [1987, 1988]) expect((await post('president.save', { g: admin.token, i: 0, y: year, n: 'Lysander Twicebury' })).status).toBe(200);
    for (const year of [1991, 2001]) {
      const winner = await request(t.app)
        .post('/api/shaftAwardWinner.set.php')
        .field('g', admin.token)
        .field('i', '0')
        .field('y', String(year))
        .field('n', 'Lysander Twicebury')
        .field('img', '');
      expect(winner.status, JSON.stringify(winner.body)).toBe(200);
    }
    const answer = await search('visitor', 'twicebury');
    expect(
      answer.groups
        .find((group) => group.kind === 'president')
        ?.results.map((result) => result.title)
        .sort(),
    ).toEqual(['Lysander Twicebury (1987)', 'Lysander Twicebury (1988)']);
    expect(
      answer.groups
        .find((group) => group.kind === 'shaftAward')
        ?.results.map((result) => result.title)
        .sort(),
    ).toEqual(['Lysander Twicebury (1991)', 'Lysander Twicebury (2001)']);
  });

  it('shows the dates of events, photo posts and start-up parties as people write them, never as 2031-04-18', async () => {
    for (const start of ['2031-04-19T19:00', '2032-04-17T19:00']) {
      const saved = await post('event.save', {
        g: admin.token,
        id: 0,
        t: 'Gooseberry rally',
        start,
        end: start.replace('T19', 'T21'),
        venue: 'Quillfeather Hall',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const photos = await request(t.app)
      .post('/api/blog.save.php')
      .field('g', admin.token)
      .field('i', '0')
      .field('t', 'Gooseberry rally')
      .field('date', '2031-04-20')
      .field('h', 'Pictures of the rally');
    expect(photos.status, JSON.stringify(photos.body)).toBe(200);
    const party = await post('startupParty.set', { g: admin.token, i: 0, n: 'Gooseberry', o: 'Perpetua Huckleberry', m: 'Tudor', s: '2030-05-19' });
    expect(party.status, JSON.stringify(party.body)).toBe(200);

    const answer = await search('member', 'gooseberry');
    expect(
      linesOf(answer, 'event')
        .map((line) => line.split(' | ')[0])
        .sort(),
    ).toEqual(['Gooseberry rally · Saturday, April 19, 2031', 'Gooseberry rally · Saturday, April 17, 2032'].sort());
    expect(linesOf(answer, 'photo').map((line) => line.split(' | ')[0])).toEqual(['Gooseberry rally · April 20, 2031']);
    expect(textOf(answer)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const byOwner = await search('visitor', 'huckleberry');
    expect(linesOf(byOwner, 'startupParty')).toEqual([expect.stringContaining('started May 19, 2030')]);
    expect(textOf(byOwner)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // A match in the text, not the title, still names the day.
    expect(linesOf(await search('member', 'quillfeather'), 'event')).toEqual([
      expect.stringMatching(/^Gooseberry rally · Saturday, April 19, 2031 \| /),
      expect.stringMatching(/^Gooseberry rally · Saturday, April 17, 2032 \| /),
    ]);
  });
});
