import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { PATHS } from '../lib/paths.ts';
import { useListing } from '../features/classifieds/api/classifieds-reads.ts';
import { ContactSellerForm } from '../features/classifieds/contact-seller-form.tsx';
import { ListingActions } from '../features/classifieds/listing-actions.tsx';
import { ListingDetails } from '../features/classifieds/listing-details.tsx';
import '../features/classifieds/classifieds.css';
import { useSession } from '../session/index.ts';

function ListingNotFound({ isLoggedIn }: { isLoggedIn: boolean }) {
  return (
    <PageFrame title="Listing Not Found">
      <p>
        That listing is not in the classifieds any more (it may have sold or ended){isLoggedIn ? '' : ', or it is for members only'}.{' '}
        {!isLoggedIn && (
          <>
            Members can <Link to={PATHS.login}>log in</Link> to see more.{' '}
          </>
        )}
        <Link to={PATHS.classifieds}>See the classifieds</Link>.
      </p>
    </PageFrame>
  );
}

/** /classifieds/{id}: one listing as the viewer may see it; write to its seller, or act on it as its seller or a moderator. */
export function ListingPage() {
  const { listingId = '' } = useParams();
  const id = /^\d+$/.test(listingId) ? Number(listingId) : 0;
  const { isLoggedIn } = useSession();
  const query = useListing(id);
  const navigate = useNavigate();
  if (id === 0 || (query.error && isApiError(query.error) && query.error.status === 404)) return <ListingNotFound isLoggedIn={isLoggedIn} />;
  const listing = query.data?.listing;
  return (
    <PageFrame title={listing ? listing.title : 'Classifieds'}>
      <QueryState query={query} what="the listing" loadingLabel="Loading the listing…">
        {({ listing: found }) => (
          <>
            <ListingActions listing={found} onDeleted={() => void navigate(PATHS.classifieds)} />
            <ListingDetails listing={found} />
            {!found.isMine && found.status === 'active' && <ContactSellerForm listingId={found.id} kind={found.kind} isLoggedIn={isLoggedIn} />}
            <p>
              <Link to={PATHS.classifieds}>← All classifieds</Link>
            </p>
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
