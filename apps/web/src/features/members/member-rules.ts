import type { Member, MemberRow } from '@club/contracts';
import { fullNameOf as fullNameOfParts } from '@club/contracts/plain';

export const fullNameOf = (member: Pick<Member, 'first_name' | 'last_name'>): string =>
  fullNameOfParts({ firstName: member.first_name, lastName: member.last_name });

/** Up to two letters for the avatar of a member without a photo. */
export function initialsOf(member: Pick<Member, 'first_name' | 'last_name'>): string {
  return [member.first_name, member.last_name].map((part) => part.trim().charAt(0).toUpperCase()).join('');
}

/** One entry of the member list: a member, or a household (same e-mail address and last name) shown together. */
export type MemberListEntry = { kind: 'member'; member: MemberRow } | { kind: 'household'; key: string; name: string; members: MemberRow[] };

/** "John & Mary Smith", "Ann, John & Mary Smith" for members who share a last name. */
export function householdNameOf(members: Pick<Member, 'first_name' | 'last_name'>[]): string {
  const firsts = members.map((member) => member.first_name.trim());
  const joined = firsts.length <= 1 ? (firsts[0] ?? '') : `${firsts.slice(0, -1).join(', ')} & ${firsts[firsts.length - 1]}`;
  return `${joined} ${members[0]?.last_name.trim() ?? ''}`.trim();
}

/**
 * The rows of a page as the list shows them: the server lists a household's members one after
 * another with the id of its first member (`household`), and they are shown together under
 * one name; everyone else stands alone.
 */
export function groupRows(rows: MemberRow[]): MemberListEntry[] {
  const entries: MemberListEntry[] = [];
  for (const row of rows) {
    const last = entries[entries.length - 1];
    if (row.household === null) entries.push({ kind: 'member', member: row });
    else if (last?.kind === 'household' && last.key === String(row.household)) last.members.push(row);
    else entries.push({ kind: 'household', key: String(row.household), name: '', members: [row] });
  }
  return entries.map((entry) => (entry.kind === 'household' ? { ...entry, name: householdNameOf(entry.members) } : entry));
}

/** The second address line: "Kirkwood, MO 63122", leaving out what is blank. */
export function cityLineOf(member: Pick<Member, 'city' | 'state' | 'zip'>): string {
  const cityState = [member.city, member.state].filter((part) => part.trim() !== '').join(', ');
  return [cityState, member.zip].filter((part) => part.trim() !== '').join(' ');
}
