import { sql } from 'drizzle-orm';
import { members } from './schema/index.ts';

/**
 * A member's shown name in SQL, for reads that list many members (attendance, forum authors):
 * the rule of @club/contracts' shownNameOf (display name, else first and last name), which
 * member-name.test.ts holds this to. Null when the member row is missing (a left join).
 */
export const shownNameSql = sql<string>`coalesce(nullif(${members.displayName}, ''), trim(${members.firstName} || ' ' || ${members.lastName}))`;
