import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES, CALLS, PERMISSIONS, callPath, type Access, type CallName, type Permission } from '@club/contracts';
import { createMember } from '../../test/factories.ts';
import { makeJpeg } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSession } from '../services/sessions.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/**
 * Every call of the registry as every kind of caller: anonymous, a plain member, a holder of
 * each single permission (admin and moderator among them). A call is allowed when it gets past
 * the access check; refused means 401 or 403, and a refused call must leave every table exactly
 * as it was.
 */
type Role = { name: string; permissions: Permission[] | undefined };
const ROLES: Role[] = [
  { name: 'anonymous', permissions: undefined },
  { name: 'plain member', permissions: [] },
  ...PERMISSIONS.map((permission) => ({ name: permission, permissions: [permission] })),
];

/** The access rule written out on its own, as the spec states it (not imported from the code under test). */
function shouldAllow(access: Access, held: Permission[] | undefined): boolean {
  if (access === 'public') return true;
  if (held === undefined) return false;
  if (access === 'loggedIn') return true;
  return held.includes('admin') || held.includes(access) || (access === 'forum' && held.includes('moderator'));
}

let t: TestApp;
let jpeg: Buffer;
const memberIds = new Map<string, number>();

beforeAll(async () => {
  t = createTestApp();
  jpeg = await makeJpeg(20, 20);
  for (const role of ROLES) {
    if (role.permissions) memberIds.set(role.name, createMember(t.db, { permissions: role.permissions }).id);
  }
});
afterAll(() => t.close());

/** A fresh session for the role (a call such as session.destroy may end the one it was given). */
function tokenFor(role: Role): string | undefined {
  const id = memberIds.get(role.name);
  if (id === undefined) return undefined;
  const token = newToken();
  createSession(t.db, id, hashToken(token));
  return token;
}

/** Every row of every table, to compare before and after a refused call. */
function snapshot(): string {
  const tables = t.db.$client.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
    name: string;
    sql: string;
  }[];
  // The site search's FTS5 tables include two WITHOUT ROWID ones (its term index and settings).
  const order = (sql: string) => (sql.includes('WITHOUT ROWID') ? '1' : 'rowid');
  return JSON.stringify(tables.map(({ name, sql }) => [name, t.db.$client.prepare(`SELECT * FROM "${name}" ORDER BY ${order(sql)}`).all()]));
}

function uploadedFiles(): string[] {
  const dir = t.config.uploadsDir;
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : [];
}

const isRefused = (status: number) => status === 401 || status === 403;

type Row = { call: CallName; role: Role; encoding: 'json' | 'multipart with a file' };
const rows: Row[] = CALL_NAMES.flatMap((call) =>
  ROLES.flatMap((role) => {
    const base: Row[] = [{ call, role, encoding: 'json' }];
    const files = (CALLS[call] as { files?: Record<string, unknown> }).files;
    return files ? [...base, { call, role, encoding: 'multipart with a file' as const }] : base;
  }),
);

describe('authorization matrix', () => {
  it('covers every call of the registry for every role', () => {
    expect(new Set(rows.map((row) => row.call)).size).toBe(CALL_NAMES.length);
    expect(rows.length).toBeGreaterThanOrEqual(CALL_NAMES.length * ROLES.length);
  });

  it.each(rows.map((row) => [row.call, row.role.name, row.encoding, row] as const))('%s as %s (%s)', async (call, _roleName, encoding, { role }) => {
    const access = CALLS[call].access;
    const token = tokenFor(role);
    const before = snapshot();
    const filesBefore = uploadedFiles();
    let req = request(t.app).post(callPath(call));
    if (encoding === 'json') {
      req = req.send(token ? { g: token } : {});
    } else {
      const field = Object.keys((CALLS[call] as { files: Record<string, unknown> }).files)[0] ?? 'f';
      if (token) req = req.field('g', token);
      req = req.attach(field, jpeg, 'photo.jpg');
    }
    const res = await req;
    expect(res.headers['content-type']).toMatch(/json/);
    // Never a crash, and never 501: every call is built.
    expect(res.status, res.text.slice(0, 200)).toBeLessThan(500);
    const expected = shouldAllow(access, role.permissions);
    expect({ access, refused: isRefused(res.status) }).toEqual({ access, refused: !expected });
    if (!expected) {
      expect(snapshot()).toBe(before);
      expect(uploadedFiles()).toEqual(filesBefore);
    }
  });
});
