import type { Member } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import {
  cityLineOf,
  emailListOf,
  filterByPermission,
  groupHouseholds,
  householdNameOf,
  initialsOf,
  matchesSearch,
} from './member-rules.ts';

const member = (overrides: Partial<Member> = {}): Member => ({
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
  cars: ['1930 Coupe'],
  carLinks: [{ id: 1, label: '1930 Coupe' }],
  imageUrl: '',
  email: 'clarence@example.net',
  email_notifications: true,
  created: '',
  modified: '',
  permissions: [],
  ...overrides,
});

describe('matchesSearch', () => {
  it('finds by name, city and car, every word counting', () => {
    expect(matchesSearch(member(), 'oberlin')).toBe(true);
    expect(matchesSearch(member(), 'webster coupe')).toBe(true);
    expect(matchesSearch(member(), 'webster roadster')).toBe(false);
    expect(matchesSearch(member(), '   ')).toBe(true);
  });
});

describe('filterByPermission', () => {
  it('keeps the holders of the chosen permission, or everyone', () => {
    const list = [member({ id: 1, permissions: ['history'] }), member({ id: 2 })];
    expect(filterByPermission(list, 'history').map((m) => m.id)).toEqual([1]);
    expect(filterByPermission(list, '')).toHaveLength(2);
  });
});

describe('emailListOf', () => {
  it('lists enabled members once each', () => {
    const list = [
      member({ email: 'a@example.net' }),
      member({ email: 'b@example.net', enabled: false }),
      member({ email: 'a@example.net' }),
      member({ email: 'c@example.net' }),
    ];
    expect(emailListOf(list)).toEqual(['a@example.net', 'c@example.net']);
  });
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

describe('groupHouseholds', () => {
  it('lists members who share an address and a last name together, where the first of them comes', () => {
    const john = member({ id: 1, first_name: 'John', last_name: 'Smith', email: 'smiths@example.net' });
    const kate = member({ id: 2, first_name: 'Kate', last_name: 'Smith', email: 'kate@example.net' });
    const mary = member({ id: 3, first_name: 'Mary', last_name: 'Smith', email: 'Smiths@example.net' });
    const lodger = member({ id: 4, first_name: 'Lou', last_name: 'Tenant', email: 'smiths@example.net' });
    const entries = groupHouseholds([john, kate, mary, lodger]);
    expect(entries.map((e) => (e.kind === 'household' ? `${e.name}: ${e.members.map((m) => m.id).join(',')}` : e.member.id))).toEqual([
      'John & Mary Smith: 1,3',
      2,
      4,
    ]);
  });

  it('names three as "Ann, John & Mary Smith"', () => {
    expect(householdNameOf([{ first_name: 'Ann', last_name: 'Smith' }, { first_name: 'John', last_name: 'Smith' }, { first_name: 'Mary', last_name: 'Smith' }])).toBe(
      'Ann, John & Mary Smith',
    );
  });
});

describe('emailListOf with a household', () => {
  it('has a shared address once, whatever its case', () => {
    const list = emailListOf([member({ id: 1, email: 'smiths@example.net' }), member({ id: 2, email: 'Smiths@Example.net' })]);
    expect(list).toEqual(['smiths@example.net']);
  });
});
