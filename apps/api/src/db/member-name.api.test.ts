import { shownNameOf } from '@club/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { shownNameSql } from './member-name.ts';
import { members } from './schema/index.ts';

const t = createTestApp();
afterAll(() => t.close());

const CASES = [
  { firstName: 'Harold', lastName: 'Brinkman', displayName: '' },
  { firstName: 'Harold', lastName: 'Brinkman', displayName: 'Hal' },
  { firstName: 'Cher', lastName: '', displayName: '' },
  { firstName: 'Dorothy', lastName: 'Kessler', displayName: 'Dot K.' },
];

describe('shownNameSql', () => {
  it.each(CASES)('names $firstName $lastName ($displayName) as the contracts rule does', ({ firstName, lastName, displayName }) => {
    const { id } = createMember(t.db, { firstName, lastName });
    t.db.update(members).set({ displayName }).where(eq(members.id, id)).run();
    const row = t.db.select({ name: shownNameSql }).from(members).where(eq(members.id, id)).get();
    expect(row?.name).toBe(shownNameOf({ firstName, lastName, displayName }));
  });

  it('gives the display name, else the full name', () => {
    expect(CASES.map(shownNameOf)).toEqual(['Harold Brinkman', 'Hal', 'Cher', 'Dot K.']);
  });
});
