import type { Listing } from '@club/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { carPath } from '../../lib/paths.ts';
import { conditionOf, dayOf, kindLineOf, paragraphsOf, placeOf, priceLineOf, statusLabelOf } from './listing-text.ts';

function Gallery({ listing }: { listing: Listing }) {
  const [shown, setShown] = useState(0);
  const current = listing.photos[shown] ?? listing.photos[0];
  if (!current) return null;
  return (
    <section className="listing-gallery" aria-label="Photos">
      <figure className="listing-gallery__main">
        <ResponsiveImage url={current} alt={`${listing.title}, photo ${shown + 1} of ${listing.photos.length}`} sizes="(max-width: 48rem) 100vw, 44rem" isEager />
      </figure>
      {listing.photos.length > 1 && (
        <ul className="listing-gallery__thumbs">
          {listing.photos.map((url, n) => (
            <li key={url}>
              <button type="button" className="listing-gallery__thumb" aria-pressed={n === shown} aria-label={`Show photo ${n + 1}`} onClick={() => setShown(n)}>
                <ResponsiveImage url={url} alt="" sizes="6rem" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A listing's page: its state, photos, facts and text (all rendered as text). */
export function ListingDetails({ listing }: { listing: Listing }) {
  const price = priceLineOf(listing);
  const place = placeOf(listing);
  const text = paragraphsOf(listing.text);
  return (
    <>
      {listing.status !== 'active' && (
        <p className={`notice listing-status listing-status--${listing.status}`} role="status">
          <strong>{statusLabelOf(listing.status)}</strong>
          {listing.status === 'sold' && listing.sold !== null && ` on ${dayOf(listing.sold)}.`}
          {listing.status === 'expired' && ` on ${dayOf(listing.expires)}: only you and the moderators see it until it is renewed.`}
          {listing.status === 'hidden' && ': only its seller and the moderators see it.'}
        </p>
      )}
      <Gallery listing={listing} />
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
