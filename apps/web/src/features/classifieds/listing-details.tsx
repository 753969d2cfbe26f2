import type { Listing } from '@club/contracts';
import { Link } from 'react-router';
import { PhotoGallery } from '../../components/photo-gallery.tsx';
import { carPath } from '../../lib/paths.ts';
import { conditionOf, dayOf, kindLineOf, paragraphsOf, placeOf, priceLineOf, statusLabelOf } from './listing-text.ts';

/** A listing's page: its state, photos, facts and text (all rendered as text). */
export function ListingDetails({ listing }: { listing: Listing }) {
  const price = priceLineOf(listing);
  const place = placeOf(listing);
  const text = paragraphsOf(listing.text);
  return (
    <>
      {listing.status !== 'active' && (
        <p className={`notice listing-status listing-status--${listing.status}`} role="status">
          <strong>{statusLabelOf(listing)}</strong>
          {listing.status === 'sold' && listing.sold !== null && ` on ${dayOf(listing.sold)}.`}
          {listing.status === 'expired' && ` on ${dayOf(listing.expires)}: only you and the moderators see it until it is renewed.`}
          {listing.status === 'hidden' && ': only its seller and the moderators see it.'}
        </p>
      )}
      <PhotoGallery photos={listing.photos} title={listing.title} />
      <dl className="facts listing-facts">
        <div className="facts__row">
          <dt>Listing</dt>
          <dd>{kindLineOf(listing)}</dd>
        </div>
        {price !== '' && (
          <div className="facts__row">
            <dt>Price</dt>
            <dd className="listing-facts__price">{price}</dd>
          </div>
        )}
        {listing.condition !== '' && (
          <div className="facts__row">
            <dt>Condition</dt>
            <dd>{conditionOf(listing)}</dd>
          </div>
        )}
        {place !== '' && (
          <div className="facts__row">
            <dt>Where</dt>
            <dd>{place}</dd>
          </div>
        )}
        <div className="facts__row">
          <dt>{listing.kind === 'sale' ? 'Seller' : 'Placed by'}</dt>
          <dd>{listing.seller ?? 'A club member (members see who)'}</dd>
        </div>
        <div className="facts__row">
          <dt>Placed</dt>
          <dd>{dayOf(listing.published)}</dd>
        </div>
        {(listing.isMine || listing.canModerate) && (
          <div className="facts__row">
            <dt>Runs until</dt>
            <dd>{dayOf(listing.expires)}</dd>
          </div>
        )}
        {listing.car !== null && (
          <div className="facts__row">
            <dt>In the registry</dt>
            <dd>
              <Link to={carPath(listing.car.id)}>{listing.car.label}</Link>
            </dd>
          </div>
        )}
        {listing.isMine && (
          <div className="facts__row">
            <dt>Who may see it</dt>
            <dd>{listing.visibility === 'public' ? 'Everyone' : 'Members only'}</dd>
          </div>
        )}
      </dl>
      {text.length > 0 && (
        <section className="listing-text" aria-label="Description">
          {text.map((paragraph, n) => (
            <p key={n}>{paragraph}</p>
          ))}
        </section>
      )}
    </>
  );
}
