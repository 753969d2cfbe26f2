import type { MemberRow } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import { cityLineOf, groupRows, householdNameOf, initialsOf } from './member-rules.ts';

const member = (overrides: Partial<MemberRow> = {}): MemberRow => ({
  id: 1,
  enabled: true,
  display_name: '',
  first_name: 'Clarence',
  last_name: 'Oberlin',
  address: '12 Argonne Dr',
  city: 'Webster Groves',
  state: 'MO',
  zip: '63119',
  phone: '',
  carLinks: [{ id: 1, label: '1930 Coupe' }],
  imageUrl: '',
  email: 'clarence@example.net',
  permissions: [],
  household: null,
  ...overrides,
});

describe('address and initials', () => {
  it('joins city, state and zip, leaving out blanks', () => {
    expect(cityLineOf(member())).toBe('Webster Groves, MO 63119');
    expect(cityLineOf(member({ city: '', state: 'MO', zip: '' }))).toBe('MO');
  });

  it('takes the first letters of first and last name', () => {
    expect(initialsOf(member())).toBe('CO');
  });
});

describe('groupRows', () => {
  it("shows the rows of one household together under its members' names, everyone else alone", () => {
    const john = member({ id: 1, first_name: 'John', last_name: 'Smith', household: 1 });
    const mary = member({ id: 3, first_name: 'Mary', last_name: 'Smith', household: 1 });
    const kate = member({ id: 2, first_name: 'Kate', last_name: 'Smith' });
    const ann = member({ id: 5, first_name: 'Ann', last_name: 'Tenant', household: 5 });
    const lou = member({ id: 4, first_name: 'Lou', last_name: 'Tenant', household: 5 });
    const entries = groupRows([john, mary, kate, ann, lou]);
    expect(entries.map((e) => (e.kind === 'household' ? `${e.name}: ${e.members.map((m) => m.id).join(',')}` : e.member.id))).toEqual([
      'John & Mary Smith: 1,3',
      2,
      'Ann & Lou Tenant: 5,4',
    ]);
  });

  it('names three as "Ann, John & Mary Smith"', () => {
    expect(
      householdNameOf([
        { first_name: 'Ann', last_name: 'Smith' },
        { first_name: 'John', last_name: 'Smith' },
        { first_name: 'Mary', last_name: 'Smith' },
      ]),
    ).toBe('Ann, John & Mary Smith');
  });
});
