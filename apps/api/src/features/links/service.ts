import type { LinkGroup } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { linkIds } from './search-source.ts';
import { insertLinkGroups, readLinkGroups, type NewLinkGroup } from './store.ts';

export type LinksService = {
  /** Every group with links, in order. */
  list(): LinkGroup[];
  /** Adds groups after the existing ones, all or nothing (the demo content; a links editor later). */
  addGroups(groups: NewLinkGroup[]): void;
};

export function createLinksService({ db, services }: Pick<AppDeps, 'db' | 'services'>): LinksService {
  return {
    list: () => readLinkGroups(db),
    addGroups: (groups) =>
      db.transaction((tx) => {
        insertLinkGroups(tx, groups);
        services.search.reindex(tx, 'link', linkIds(tx));
      }),
  };
}
