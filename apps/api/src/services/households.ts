/**
 * Members of one household may share an e-mail address (each stays a member of their own). Mail that
 * goes to "every member" (reminders, the digest, notices to everyone signed up) goes once per
 * address, greeting everyone it stands for: group the recipients here first.
 */

/** What grouping needs of a recipient; callers pass their own rows and get them back grouped. */
export type Addressee = { id: number; email: string; firstName: string };

export type Household<T extends Addressee> = {
  /** The shared address (lower-case), where the one message goes. */
  to: string;
  /** Everyone at the address, in the order they were given. */
  members: T[];
  /** Their first names for "Hello …,": "Mary", "John and Mary", "Ann, John and Mary". */
  greeting: string;
};

/** "Mary", "John and Mary", "Ann, John and Mary". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Groups recipients by address (case-insensitively), households in the order their first member
 * came, members in the order given. One message per household reaches every member in it.
 */
export function groupByAddress<T extends Addressee>(recipients: readonly T[]): Household<T>[] {
  const byAddress = new Map<string, T[]>();
  for (const recipient of recipients) {
    const address = recipient.email.trim().toLowerCase();
    byAddress.set(address, [...(byAddress.get(address) ?? []), recipient]);
  }
  return [...byAddress].map(([to, members]) => ({ to, members, greeting: joinNames(members.map((m) => m.firstName.trim())) }));
}
