import { MEMBERS_PAGE_SIZE } from '@club/contracts/plain';
import type { Member, MemberRow, MemberSort, Permission } from '@club/contracts';

/** What the member list asks for: search words, one permission's holders, an order and a page. */
export type DirectoryQuery = { words: string; permission: Permission | undefined; sort: MemberSort; page: number };

export type DirectoryPage = { members: MemberRow[]; found: number; entries: number; total: number; enabled: number };

type Entry = { member: Member; haystack: string; household: string; sortKeys: { last: string; first: string; city: string } };

/** Code-unit order of lower-cased text, as SQLite's NOCASE orders the names of the legacy list. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const ORDERS: Record<MemberSort, (a: Entry, b: Entry) => number> = {
  last: (a, b) => compareText(a.sortKeys.last, b.sortKeys.last) || compareText(a.sortKeys.first, b.sortKeys.first) || a.member.id - b.member.id,
  first: (a, b) => compareText(a.sortKeys.first, b.sortKeys.first) || compareText(a.sortKeys.last, b.sortKeys.last) || a.member.id - b.member.id,
  // Members without a city come after those with one.
  city: (a, b) => Number(a.sortKeys.city === '') - Number(b.sortKeys.city === '') || compareText(a.sortKeys.city, b.sortKeys.city) || ORDERS.last(a, b),
  newest: (a, b) => compareText(b.member.created, a.member.created) || b.member.id - a.member.id,
};

const toRow = (member: Member, household: number | null): MemberRow => ({
  id: member.id,
  enabled: member.enabled,
  display_name: member.display_name,
  first_name: member.first_name,
  last_name: member.last_name,
  address: member.address,
  city: member.city,
  state: member.state,
  zip: member.zip,
  phone: member.phone,
  carLinks: member.carLinks,
  imageUrl: member.imageUrl,
  email: member.email,
  permissions: member.permissions,
  household,
});

/**
 * The directory as the member list reads it, built once from the whole list and kept until the
 * database changes: each request filters, groups and pages it without reading the database, and
 * answers only the page's rows.
 */
export class Directory {
  private readonly entries: Entry[];
  private readonly sorted = new Map<MemberSort, Entry[]>();
  private readonly enabledCount: number;

  constructor(members: Member[]) {
    this.entries = members.map((member) => ({
      member,
      haystack: [member.first_name, member.last_name, member.display_name, member.city, ...member.cars].join(' ').toLowerCase(),
      // Partners sharing an e-mail address and a last name are one household ("John & Mary Smith").
      household: member.email.trim() === '' ? '' : `${member.email.trim().toLowerCase()}|${member.last_name.trim().toLowerCase()}`,
      sortKeys: { last: member.last_name.toLowerCase(), first: member.first_name.toLowerCase(), city: member.city.trim().toLowerCase() },
    }));
    this.enabledCount = members.filter((member) => member.enabled).length;
  }

  private inOrder(sort: MemberSort): Entry[] {
    let list = this.sorted.get(sort);
    if (!list) {
      list = [...this.entries].sort(ORDERS[sort]);
      this.sorted.set(sort, list);
    }
    return list;
  }

  /** Every word of the search in the name, display name, city or a car; households are listed where their first member comes. */
  page({ words, permission, sort, page }: DirectoryQuery): DirectoryPage {
    const needles = words.toLowerCase().split(/\s+/).filter(Boolean);
    const found = this.inOrder(sort).filter(
      (entry) => (permission === undefined || entry.member.permissions.includes(permission)) && needles.every((word) => entry.haystack.includes(word)),
    );
    const byHousehold = new Map<string, Entry[]>();
    for (const entry of found) {
      if (entry.household !== '') byHousehold.set(entry.household, [...(byHousehold.get(entry.household) ?? []), entry]);
    }
    const groups: Entry[][] = [];
    const placed = new Set<string>();
    for (const entry of found) {
      const household = byHousehold.get(entry.household);
      if (!household || household.length < 2) groups.push([entry]);
      else if (!placed.has(entry.household)) {
        placed.add(entry.household);
        groups.push(household);
      }
    }
    const start = (page - 1) * MEMBERS_PAGE_SIZE;
    const members = groups
      .slice(start, start + MEMBERS_PAGE_SIZE)
      .flatMap((group) => group.map((entry) => toRow(entry.member, group.length > 1 ? (group[0]?.member.id ?? null) : null)));
    return { members, found: found.length, entries: groups.length, total: this.entries.length, enabled: this.enabledCount };
  }

  /** The enabled members' addresses, each once (a household sharing one is one address). */
  emails(): string[] {
    return [
      ...new Set(this.entries.filter(({ member }) => member.enabled && member.email.trim() !== '').map(({ member }) => member.email.trim().toLowerCase())),
    ];
  }
}
