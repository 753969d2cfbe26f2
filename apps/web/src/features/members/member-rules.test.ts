import type { Member } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import {
  cityLineOf,
  emailListOf,
  filterByPermission,
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
