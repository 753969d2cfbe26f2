import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS_PAGE_SIZE, type CallResponse } from '@club/contracts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

type Page = CallResponse<'members.page'>;

let t: TestApp;
let admin: TestMember;
let plain: TestMember;

beforeAll(() => {
  t = createTestApp();
  admin = createMember(t.db, { permissions: ['admin'], firstName: 'Ada', lastName: 'Zwicky' });
  plain = createMember(t.db, { firstName: 'Pat', lastName: 'Zwicky' });
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

async function readPage(body: Record<string, unknown>, token = plain.token): Promise<Page> {
  const res = await post('members.page', { g: token, ...body });
  expect(res.status).toBe(200);
  return res.body as Page;
}

/** Adds a member through the API as the admin does, with a city and registry cars. */
async function addMember(fields: { first: string; last: string; city?: string; cars?: string[]; email?: string; enabled?: boolean }): Promise<number> {
  const res = await post('member.save', {
    g: admin.token,
    i: 0,
    o: fields.enabled === false ? 0 : 1,
    fn: fields.first,
    l: fields.last,
    e: fields.email ?? `${fields.first}.${fields.last}.${Math.random().toString(36).slice(2)}@example.test`.toLowerCase(),
    c: fields.city ?? '',
    cars: fields.cars ?? [],
  });
  expect(res.status).toBe(200);
  return res.body.i as number;
}

describe('POST /api/members.page.php', () => {
  it('answers brief rows a page at a time, in last-name order, with the counts the page shows', async () => {
    for (let n = 0; n < MEMBERS_PAGE_SIZE + 3; n += 1) await addMember({ first: `First${String(n).padStart(2, '0')}`, last: 'Pagewright' });
    const first = await readPage({ q: 'pagewright' });
    expect(first.found).toBe(MEMBERS_PAGE_SIZE + 3);
    expect(first.entries).toBe(MEMBERS_PAGE_SIZE + 3);
    expect(first.members).toHaveLength(MEMBERS_PAGE_SIZE);
    expect(first.members.map((m) => m.first_name)).toEqual([...first.members.map((m) => m.first_name)].sort());
    // What the card shows, not the legacy entity's timestamps or car lines.
    expect(Object.keys(first.members[0] ?? {}).sort()).toEqual(
      [
        'address',
        'carLinks',
        'city',
        'display_name',
        'email',
        'enabled',
        'first_name',
        'household',
        'id',
        'imageUrl',
        'last_name',
        'permissions',
        'phone',
        'state',
        'zip',
      ].sort(),
    );
    const second = await readPage({ q: 'pagewright', page: 2 });
    expect(second.members.map((m) => m.first_name)).toEqual(['First24', 'First25', 'First26']);
    const beyond = await readPage({ q: 'pagewright', page: 9 });
    expect(beyond.members).toEqual([]);

    const everyone = await readPage({});
    const legacy = await post('members.get', { g: plain.token });
    expect(everyone.total).toBe((legacy.body.m as unknown[]).length);
    expect(everyone.found).toBe(everyone.total);
    expect(everyone.enabled).toBe((legacy.body.m as { enabled: boolean }[]).filter((m) => m.enabled).length);
    // The whole directory in the legacy order, read page after page.
    const pages = Math.ceil(everyone.entries / MEMBERS_PAGE_SIZE);
    const ids: number[] = [];
    for (let page = 1; page <= pages; page += 1) ids.push(...(await readPage({ page })).members.map((m) => m.id));
    expect(ids).toEqual((legacy.body.m as { id: number }[]).map((m) => m.id));
  });

  it('finds every word in the name, display name, city or a car, whatever the case', async () => {
    const roadster = await addMember({ first: 'Gideon', last: 'Ashbury', city: 'Kirkwood', cars: ['1929 Roadster Betsy'] });
    await addMember({ first: 'Hester', last: 'Ashbury', city: 'Kirkwood', cars: ['1930 Tudor'] });
    await addMember({ first: 'Ivo', last: 'Ashbury', city: 'Fenton', cars: ['1931 Roadster'] });
    const found = await readPage({ q: '  ROADSTER   kirkwood ' });
    expect(found.members.map((m) => m.id)).toEqual([roadster]);
    expect(found.found).toBe(1);
    expect(found.members[0]?.carLinks.map((car) => car.label)).toEqual(['1929 Roadster Betsy']);
    expect((await readPage({ q: 'ashbury' })).found).toBe(3);
    expect((await readPage({ q: 'ashbury nowhere' })).members).toEqual([]);
  });

  it('keeps the holders of one permission, and sorts by first name, city or newest', async () => {
    const editors = await readPage({ permission: 'admin' });
    expect(editors.members.map((m) => m.id)).toEqual([admin.id]);
    expect(editors.members[0]?.permissions).toEqual(['admin']);

    const cities = await readPage({ q: 'ashbury', sort: 'city' });
    expect(cities.members.map((m) => m.city)).toEqual(['Fenton', 'Kirkwood', 'Kirkwood']);
    const firsts = await readPage({ q: 'ashbury', sort: 'first' });
    expect(firsts.members.map((m) => m.first_name)).toEqual(['Gideon', 'Hester', 'Ivo']);
    const latest = await addMember({ first: 'Aaron', last: 'Newcomb' });
    expect((await readPage({ sort: 'newest' })).members[0]?.id).toBe(latest);
  });

  it('lists a household together where its first member comes, never split across two pages', async () => {
    const shared = 'household.bramble@example.test';
    // 23 members before the household in last-name order: its first member ends page 1.
    for (let n = 0; n < MEMBERS_PAGE_SIZE - 1; n += 1) await addMember({ first: `Early${String(n).padStart(2, '0')}`, last: 'Brambleby' });
    const john = await addMember({ first: 'John', last: 'Brambleby', email: shared });
    await addMember({ first: 'Kate', last: 'Brambleby' });
    const mary = await addMember({ first: 'Mary', last: 'Brambleby', email: shared });
    const first = await readPage({ q: 'brambleby' });
    expect(first.found).toBe(MEMBERS_PAGE_SIZE + 2);
    expect(first.entries).toBe(MEMBERS_PAGE_SIZE + 1);
    expect(first.members.slice(-2).map((m) => [m.id, m.household])).toEqual([
      [john, john],
      [mary, john],
    ]);
    const second = await readPage({ q: 'brambleby', page: 2 });
    expect(second.members.map((m) => [m.first_name, m.household])).toEqual([['Kate', null]]);
    // Found alone, a member of a household stands alone.
    expect((await readPage({ q: 'mary brambleby' })).members.map((m) => m.household)).toEqual([null]);
  });

  it('shows a save at once, although the answers are cached', async () => {
    const id = await addMember({ first: 'Quentin', last: 'Ostrander', city: 'Ballwin' });
    expect((await readPage({ q: 'ostrander' })).members[0]?.city).toBe('Ballwin');
    const res = await post('member.save', {
      g: admin.token,
      i: id,
      o: 0,
      fn: 'Quentin',
      l: 'Ostrander',
      e: 'quentin.ostrander@example.test',
      c: 'Ellisville',
      keepCars: 1,
    });
    expect(res.status).toBe(200);
    const after = await readPage({ q: 'ostrander' });
    expect(after.members[0]).toMatchObject({ city: 'Ellisville', enabled: false });
  });

  it('refuses a visitor with 401 and an unknown order or permission with 400 naming it', async () => {
    expect((await post('members.page', {})).status).toBe(401);
    const badSort = await post('members.page', { g: plain.token, sort: 'shoe size' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.e).toMatch(/order/);
    const badPermission = await post('members.page', { g: plain.token, permission: 'king' });
    expect(badPermission.status).toBe(400);
    expect(badPermission.body.e).toMatch(/permission/);
    expect((await post('members.page', { g: plain.token, page: 0 })).status).toBe(400);
  });
});

describe('POST /api/members.emails.php', () => {
  it("gives an admin the enabled members' addresses, each once, and refuses everyone else", async () => {
    await addMember({ first: 'Otto', last: 'Quill', email: 'Quill.Family@Example.test' });
    await addMember({ first: 'Olga', last: 'Quill', email: 'quill.family@example.test' });
    await addMember({ first: 'Gone', last: 'Quill', email: 'gone.quill@example.test', enabled: false });
    const res = await post('members.emails', { g: admin.token });
    expect(res.status).toBe(200);
    const emails = res.body.emails as string[];
    expect(emails.filter((email) => email === 'quill.family@example.test')).toHaveLength(1);
    expect(emails).not.toContain('gone.quill@example.test');
    expect(emails).toContain(admin.email.toLowerCase());
    expect((await post('members.emails', { g: plain.token })).status).toBe(403);
    expect((await post('members.emails', {})).status).toBe(401);
  });
});
