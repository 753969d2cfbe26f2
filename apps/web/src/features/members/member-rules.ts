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

/** The enabled members' addresses, ready to paste into the To or Bcc line of an e-mail. */
export function emailListOf(members: Member[]): string[] {
  return [...new Set(members.filter((member) => member.enabled && member.email !== '').map((member) => member.email))];
}

/** The second address line: "Kirkwood, MO 63122", leaving out what is blank. */
export function cityLineOf(member: Pick<Member, 'city' | 'state' | 'zip'>): string {
  const cityState = [member.city, member.state].filter((part) => part.trim() !== '').join(', ');
  return [cityState, member.zip].filter((part) => part.trim() !== '').join(' ');
}
