import { sql } from 'drizzle-orm';
import { shownNameSql } from '../../db/member-name.ts';
import { onlyRecords, type SearchEntry, type SearchSource } from '../../services/search-index.ts';
import { statusOf } from './service.ts';

type ListingRow = {
  id: number;
  title: string;
  body: string;
  category: string;
  city: string;
  state: string;
  visibility: 'public' | 'members';
  expiresAt: string;
  soldAt: string | null;
  hiddenAt: string | null;
  seller: string | null;
};

/**
 * Classified listings, found as the list shows them (statusOf): only while running or sold within
 * SOLD_KEPT_DAYS, never hidden. Members find every such listing with its seller's name; a visitor
 * finds a public one without it. Two entries, so the name never reaches a visitor. Time alone ends
 * a listing, so the daily job reindexes those still indexed (`indexedListingIds`).
 */
export const listingSearch: SearchSource = {
  kind: 'listing',
  entriesOf: (db, ids) => {
    const now = new Date();
    return db
      .all<ListingRow>(
        sql`SELECT listings.id, title, body, category, city, state, visibility, expires_at AS expiresAt, sold_at AS soldAt, hidden_at AS hiddenAt,
              (SELECT ${shownNameSql} FROM members WHERE members.id = listings.seller_id) AS seller
            FROM listings WHERE listings.id ${onlyRecords(ids)}`,
      )
      .flatMap((listing) => {
        const status = statusOf(listing, now);
        if (status !== 'active' && status !== 'sold') return [];
        const place = [listing.city, listing.state].filter(Boolean).join(', ');
        const entry = (body: string[], audience: SearchEntry['audience']): SearchEntry => ({
          recordId: listing.id,
          title: listing.title,
          body: body.filter(Boolean).join(' · '),
          audience,
        });
        const forMembers = entry([listing.body, place, listing.seller ?? ''], 'members');
        if (listing.visibility !== 'public') return [forMembers];
        return [forMembers, entry([listing.body, place], 'visitors')];
      });
  },
};
