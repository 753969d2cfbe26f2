/**
 * How a member is named, on every page and in every reply: the full name is first and last
 * name; the shown name (attendance lists, forum authors, the header) is the display name the
 * member chose, else the full name. The API's SQL reads use the same rule (db/member-name.ts,
 * tested against this one).
 */
export type MemberNameParts = { firstName: string; lastName: string; displayName?: string | null };

export const fullNameOf = ({ firstName, lastName }: MemberNameParts): string => `${firstName} ${lastName}`.trim();

export const shownNameOf = (member: MemberNameParts): string => member.displayName || fullNameOf(member);
