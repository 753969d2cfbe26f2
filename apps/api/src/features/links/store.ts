import type { LinkGroup } from '@club/contracts';
import { asc } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { linkGroups, links } from '../../db/schema/index.ts';

/** Every group in its set order with its links in theirs; groups without links are left out. */
export function readLinkGroups(db: Db): LinkGroup[] {
  const groups = db.select({ id: linkGroups.id, name: linkGroups.name }).from(linkGroups).orderBy(asc(linkGroups.position), asc(linkGroups.id)).all();
  const rows = db.select({ groupId: links.groupId, url: links.url, label: links.label }).from(links).orderBy(asc(links.position), asc(links.id)).all();
  return groups
    .map((group) => ({
      groupName: group.name,
      links: rows.filter((row) => row.groupId === group.id).map(({ url, label }) => ({ url, label })),
    }))
    .filter((group) => group.links.length > 0);
}

export type NewLinkGroup = { name: string; links: { url: string; label: string }[] };

/** Adds groups after the existing ones, keeping the given order; run it in the caller's transaction. */
export function insertLinkGroups(tx: DbOrTx, groups: NewLinkGroup[]): void {
  const start = tx.select({ id: linkGroups.id }).from(linkGroups).all().length;
  groups.forEach((group, index) => {
    const { id } = tx
      .insert(linkGroups)
      .values({ name: group.name, position: start + index })
      .returning({ id: linkGroups.id })
      .get();
    group.links.forEach((link, position) => {
      tx.insert(links).values({ groupId: id, url: link.url, label: link.label, position }).run();
    });
  });
}
