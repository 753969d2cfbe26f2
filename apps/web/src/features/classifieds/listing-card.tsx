import type { ListingSummary } from '@club/contracts';
import { PhotoCard } from '../../components/photo-card.tsx';
import { listingPath } from '../../lib/paths.ts';
import { kindLineOf, placeOf, priceLineOf, statusLabelOf } from './listing-text.ts';

/** One listing in a photo grid: its first photo, title, price, kind and place; a badge when it is not simply running. */
export function ListingCard({
  listing,
  isVisibilityShown = false,
  isEager = false,
}: {
  listing: ListingSummary;
  isVisibilityShown?: boolean;
  isEager?: boolean;
}) {
  const price = priceLineOf(listing);
  const place = placeOf(listing);
  return (
    <PhotoCard
      to={listingPath(listing.id)}
      photo={listing.photo}
      noPhotoText="No photo"
      title={listing.title}
      isInactive={listing.status !== 'active'}
      isEager={isEager}
    >
      <span>{kindLineOf(listing)}</span>
      {price !== '' && <strong>{price}</strong>}
      {place !== '' && <span>{place}</span>}
      {listing.status !== 'active' && <span className="photo-card__badge photo-card__badge--status">{statusLabelOf(listing)}</span>}
      {isVisibilityShown && listing.visibility === 'members' && <span className="photo-card__badge">Members only</span>}
    </PhotoCard>
  );
}
