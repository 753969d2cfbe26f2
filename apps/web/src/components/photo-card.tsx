import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from './responsive-image.tsx';
import './photo-card.css';

/** Two cards a row on a phone, about 16rem each on wider screens (photo-card.css's `.photo-grid`). */
const CARD_PHOTO_SIZES = '(max-width: 48rem) 50vw, 16rem';

export type PhotoCardProps = {
  /** The item's page. */
  to: string;
  /** Its first stored photo, if it has one. */
  photo: string | null;
  /** Shown in the photo's place when there is none ("No photo yet"). */
  noPhotoText: string;
  title: string;
  /** A faded card: a listing no longer running (sold, expired). */
  isInactive?: boolean;
  /** The first row's photos load at once: one of them is what a phone paints largest. */
  isEager?: boolean;
  /** The line of facts under the title; a `<strong>` stands out, a `.photo-card__badge` is a badge. */
  children: ReactNode;
};

/**
 * One item of a `<ul className="photo-grid">` (the registry's cars, the classifieds' listings, and
 * both on the account page): the photo (3:2, cropped to fill) and the title make one link, the
 * facts follow.
 */
export function PhotoCard({ to, photo, noPhotoText, title, isInactive = false, isEager = false, children }: PhotoCardProps) {
  return (
    <li className={isInactive ? 'photo-card photo-card--inactive' : 'photo-card'}>
      <Link className="photo-card__link" to={to}>
        {photo ? (
          <ResponsiveImage className="photo-card__photo" url={photo} alt="" sizes={CARD_PHOTO_SIZES} isEager={isEager} />
        ) : (
          <span className="photo-card__photo photo-card__photo--none" aria-hidden="true">
            {noPhotoText}
          </span>
        )}
        <span className="photo-card__title">{title}</span>
      </Link>
      <span className="photo-card__meta">{children}</span>
    </li>
  );
}
