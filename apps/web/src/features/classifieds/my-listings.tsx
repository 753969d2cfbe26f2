import { Link } from 'react-router';
import { QueryState } from '../../components/query-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useMyListings } from './api/classifieds-reads.ts';
import { ListingCard } from './listing-card.tsx';

/** The account page's classifieds: the member's own listings in every state (expired, sold, hidden too). */
export function MyListings() {
  const query = useMyListings();
  return (
    <section className="panel" aria-labelledby="my-listings">
      <h2 id="my-listings">My listings</h2>
      <p>
        Your listings in the <Link to={PATHS.classifieds}>classifieds</Link>, whatever their state: open one to edit, renew or mark it sold.
      </p>
      <QueryState query={query} what="your listings" loadingLabel="Loading your listings…">
        {({ listings }) =>
          listings.length === 0 ? (
            <p>You have no listings.</p>
          ) : (
            <ul className="photo-grid photo-grid--compact">
              {listings.map((listing) => (
                <ListingCard key={listing.id} listing={listing} isVisibilityShown />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
