import fs from 'node:fs';
import http from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALL_NAMES, CALLS, callPath, registry, type CallName } from '@club/contracts';
import { createMember, type TestMember } from '../../test/factories.ts';
import { makeJpeg } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSession, destroySession } from '../services/sessions.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/**
 * Contract fuzzing: random payloads, valid and invalid, built from each call's zod contract, sent
 * to every call in all three encodings by an administrator (so access never stops them first).
 * Never a 5xx (501 included: every call is built), always JSON, a refusal is exactly `{ e }`, and a
 * refused call stores nothing.
 */
const RUNS_PER_CALL_AND_ENCODING = 12;
const ENCODINGS = ['json', 'form', 'multipart'] as const;
type Encoding = (typeof ENCODINGS)[number];

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  description?: string;
};

/** Anything a client could send in a field: wrong types, huge or odd text, prototype keys. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 3000, maxLength: 30000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', '[]', '{}', '[1,2', '__proto__', '<script>alert(1)</script>', '../../etc/passwd'),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'x', 'g'), fc.string(), { maxKeys: 3 }),
);

/** Values that fit the field's JSON Schema (from zod), when it says enough. */
function validFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(validFor));
  switch (schema.type) {
    case 'string':
      if (/e-mail|username/.test(schema.description ?? '')) return fc.emailAddress();
      if (/date/.test(schema.description ?? '')) return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
    case 'integer':
    case 'number': {
      // Near the allowed range (ids, years, counts), not across all of it.
      const min = schema.minimum ?? -5;
      const max = Math.min(schema.maximum ?? min + 100, min + 200);
      return schema.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validFor(schema.items) : fc.string(), { maxLength: 4 });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validFor(v)])));
    default:
      return junk;
  }
}

/** A payload: each field of the contract valid, junk or missing; sometimes an extra field. */
function payloadFor(call: CallName): fc.Arbitrary<Record<string, unknown>> {
  const schema = z.toJSONSchema(registry[call].request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const fields = Object.entries(schema.properties ?? {}).filter(([key]) => key !== 'g');
  const entries = fields.map(([key, field]) =>
    fc
      .oneof({ arbitrary: validFor(field), weight: 3 }, { arbitrary: junk, weight: 1 }, { arbitrary: fc.constant(undefined), weight: 1 })
      .map((value) => [key, value] as const),
  );
  return fc.tuple(fc.tuple(...entries), fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor'), junk))).map(([pairs, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of pairs) if (value !== undefined) out[key] = value;
    if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** How a form or multipart field carries a value: arrays as repeated `name[]`, objects as JSON. */
function formPairs(payload: Record<string, unknown>): [string, string][] {
  const text = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));
  return Object.entries(payload).flatMap(([key, value]): [string, string][] => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.map((item): [string, string] => [`${key}[]`, text(item)]);
    return [[key, text(value)]];
  });
}

let t: TestApp;
/** One listening server for all cases (supertest given the app would start and stop one per request). */
let server: http.Server;
let admin: TestMember;
let jpeg: Buffer;
let cases = 0;

beforeAll(async () => {
  t = createTestApp();
  admin = createMember(t.db, { permissions: ['admin'] });
  createMember(t.db);
  jpeg = await makeJpeg(24, 24);
  server = http.createServer(t.app).listen(0, '127.0.0.1');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

type Reader = { raw(toggle: boolean): Reader; all(): unknown[]; columns(): { name: string }[] };
/** Each table's reader, prepared once (the schema does not change during the fuzzing). */
const readers = new Map<string, Reader>();

/**
 * Every row of every table, as text to compare. Rows are read as arrays (raw) by statements
 * prepared once: the same content as reading them as objects, at a fraction of the cost, and
 * this runs twice per refused case.
 */
function snapshot(): string {
  const tables = t.db.$client.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
    name: string;
    sql: string;
  }[];
  return JSON.stringify(tables.map(({ name, sql }) => [name, reader(name, sql).all()]));
}

function reader(name: string, sql: string): Reader {
  const key = `${name}\n${sql}`;
  let read = readers.get(key);
  if (!read) {
    // The site search's FTS5 tables include two WITHOUT ROWID ones (its term index and settings).
    const order = sql.includes('WITHOUT ROWID') ? '1' : 'rowid';
    read = (t.db.$client.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`) as unknown as Reader).raw(true);
    readers.set(key, read);
  }
  return read;
}

const uploads = () => (fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir, { recursive: true }).map(String).sort() : []);

async function send(call: CallName, encoding: Encoding, payload: Record<string, unknown>, token: string, withFile: boolean) {
  const req = request(server).post(callPath(call));
  if (encoding === 'json') return req.set('Content-Type', 'application/json').send(JSON.stringify({ ...payload, g: token }));
  const pairs: [string, string][] = [['g', token], ...formPairs(payload)];
  if (encoding === 'form') return req.type('form').send(new URLSearchParams(pairs).toString());
  let multipart = req;
  for (const [key, value] of pairs) multipart = multipart.field(key, value);
  const fileField = Object.keys((CALLS[call] as { files?: Record<string, unknown> }).files ?? {})[0];
  return withFile && fileField ? multipart.attach(fileField, jpeg, 'photo.jpg') : multipart;
}

describe('contract fuzzing', () => {
  for (const call of CALL_NAMES) {
    for (const encoding of ENCODINGS) {
      it(`${call} as ${encoding}`, async () => {
        await fc.assert(
          fc.asyncProperty(payloadFor(call), fc.boolean(), async (payload, withFile) => {
            cases += 1;
            // A session of the administrator's for each case: a call may end the one it is given.
            const token = newToken();
            createSession(t.db, admin.id, hashToken(token));
            const before = snapshot();
            const filesBefore = uploads();
            const res = await send(call, encoding, payload, token, withFile);
            destroySession(t.db, hashToken(token));
            expect(res.status, `status ${res.status}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            if (res.status >= 400) {
              expect(Object.keys(res.body as object)).toEqual(['e']);
              expect(typeof (res.body as { e: unknown }).e).toBe('string');
              const after = snapshot();
              // The call's own session is the one row that may differ (it was removed above after the call).
              expect(after === before || after === beforeWithout(before, token)).toBe(true);
              expect(uploads()).toEqual(filesBefore);
            }
          }),
          { numRuns: RUNS_PER_CALL_AND_ENCODING },
        );
        // session.create's twelve cases each check a password at bcrypt cost 12 (about 3 s in
        // all on a quiet machine, 10 s on a loaded one): past a timeout the property would go on
        // in the background and its sessions would spoil the next calls' before-and-after checks.
      }, 60_000);
    }
  }

  it('sent the planned number of cases', () => {
    expect(cases).toBeGreaterThanOrEqual(CALL_NAMES.length * ENCODINGS.length * RUNS_PER_CALL_AND_ENCODING);
  });
});

/** The snapshot taken before, minus the case's own session row (destroyed after the call). */
function beforeWithout(before: string, token: string): string {
  const hash = hashToken(token);
  const tables = JSON.parse(before) as [string, unknown[][]][];
  const sessions = t.db.$client.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'sessions'").get() as { sql: string };
  const hashColumn = reader('sessions', sessions.sql)
    .columns()
    .findIndex((column) => column.name === 'token_hash');
  expect(hashColumn).toBeGreaterThanOrEqual(0);
  return JSON.stringify(tables.map(([name, rows]) => [name, name === 'sessions' ? rows.filter((row) => row[hashColumn] !== hash) : rows]));
}
