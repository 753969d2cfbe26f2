import type { Member, Permission } from '@club/contracts';
import { fullNameOf as fullNameOfParts } from '@club/contracts/browser';

export const fullNameOf = (member: Pick<Member, 'first_name' | 'last_name'>): string =>
  fullNameOfParts({ firstName: member.first_name, lastName: member.last_name });

/** Up to two letters for the avatar of a member without a photo. */
export function initialsOf(member: Pick<Member, 'first_name' | 'last_name'>): string {
  return [member.first_name, member.last_name]
    .map((part) => part.trim().charAt(0).toUpperCase())
    .join('');
}

/** Whether every word of the search appears in the member's name, display name, city or cars. */
export function matchesSearch(member: Member, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [member.first_name, member.last_name, member.display_name, member.city, ...member.cars]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Members holding the chosen permission themselves; an empty choice shows everyone. */
export function filterByPermission(members: Member[], permission: Permission | ''): Member[] {
  return permission === '' ? members : members.filter((member) => member.permissions.includes(permission));
}

/** The enabled members' addresses, each once (a household sharing one is one address), ready to paste into the To or Bcc line of an e-mail. */
export function emailListOf(members: Member[]): string[] {
  return [...new Set(members.filter((member) => member.enabled && member.email !== '').map((member) => member.email.trim().toLowerCase()))];
}

/** One entry of the member list: a member, or a household (same address and last name) shown together. */
export type MemberListEntry = { kind: 'member'; member: Member } | { kind: 'household'; key: string; name: string; members: Member[] };

/** "John & Mary Smith", "Ann, John & Mary Smith" for members who share a last name. */
export function householdNameOf(members: Pick<Member, 'first_name' | 'last_name'>[]): string {
  const firsts = members.map((member) => member.first_name.trim());
  const joined = firsts.length <= 1 ? (firsts[0] ?? '') : `${firsts.slice(0, -1).join(', ')} & ${firsts[firsts.length - 1]}`;
  return `${joined} ${members[0]?.last_name.trim() ?? ''}`.trim();
}

/**
 * Members who share an e-mail address and a last name are one household, listed together where the
 * first of them comes; everyone else stands alone. The order of the list is kept otherwise.
 */
export function groupHouseholds(members: Member[]): MemberListEntry[] {
  const keyOf = (member: Member) => (member.email.trim() === '' ? '' : `${member.email.trim().toLowerCase()}|${member.last_name.trim().toLowerCase()}`);
  const byKey = new Map<string, Member[]>();
  for (const member of members) {
    const key = keyOf(member);
    if (key !== '') byKey.set(key, [...(byKey.get(key) ?? []), member]);
  }
  const placed = new Set<string>();
  const entries: MemberListEntry[] = [];
  for (const member of members) {
    const key = keyOf(member);
    const household = byKey.get(key) ?? [];
    if (household.length < 2) {
      entries.push({ kind: 'member', member });
    } else if (!placed.has(key)) {
      placed.add(key);
      entries.push({ kind: 'household', key, name: householdNameOf(household), members: household });
    }
  }
  return entries;
}

/** The second address line: "Kirkwood, MO 63122", leaving out what is blank. */
export function cityLineOf(member: Pick<Member, 'city' | 'state' | 'zip'>): string {
  const cityState = [member.city, member.state].filter((part) => part.trim() !== '').join(', ');
  return [cityState, member.zip].filter((part) => part.trim() !== '').join(' ');
}
