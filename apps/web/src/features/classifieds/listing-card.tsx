import type { ListingSummary } from '@club/contracts';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { listingPath } from '../../lib/paths.ts';
import { kindLineOf, placeOf, priceLineOf, statusLabelOf } from './listing-text.ts';
import './listing-card.css';

/**
 * One listing in a list: its first photo, title, price, kind and place; a badge when it is not simply
 * running. The first cards' photos load at once (`isEager`): one of them is what a phone paints largest.
 */
export function ListingCard({ listing, isVisibilityShown = false, isEager = false }: { listing: ListingSummary; isVisibilityShown?: boolean; isEager?: boolean }) {
  const price = priceLineOf(listing);
  const place = placeOf(listing);
  return (
    <li className={listing.status === 'active' ? 'listing-card' : 'listing-card listing-card--closed'}>
      <Link className="listing-card__link" to={listingPath(listing.id)}>
        {listing.photo ? (
          <ResponsiveImage className="listing-card__photo" url={listing.photo} alt="" sizes="(max-width: 48rem) 40vw, 12rem" isEager={isEager} />
        ) : (
          <span className="listing-card__photo listing-card__photo--none" aria-hidden="true">
            No photo
          </span>
        )}
        <span className="listing-card__title">{listing.title}</span>
      </Link>
      <span className="listing-card__meta">
        <span>{kindLineOf(listing)}</span>
        {price !== '' && <span className="listing-card__price">{price}</span>}
        {place !== '' && <span>{place}</span>}
        {listing.status !== 'active' && <span className="listing-card__badge listing-card__badge--status">{statusLabelOf(listing.status)}</span>}
        {isVisibilityShown && listing.visibility === 'members' && <span className="listing-card__badge">Members only</span>}
      </span>
    </li>
  );
}
