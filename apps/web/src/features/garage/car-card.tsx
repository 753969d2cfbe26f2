import type { CarSummary } from '@club/contracts';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { carPath } from '../../lib/paths.ts';
import { carTitleOf, ownerLineOf } from './car-text.ts';
import './car-card.css';

/**
 * One car in a grid: its first photo, its line, colour and owner (as the viewer may know it). The
 * first cards' photos load at once (`isEager`): one of them is what a phone paints largest.
 */
export function CarCard({ car, isVisibilityShown = false, isEager = false }: { car: CarSummary; isVisibilityShown?: boolean; isEager?: boolean }) {
  const title = carTitleOf(car);
  return (
    <li className="car-card">
      <Link className="car-card__link" to={carPath(car.id)}>
        {car.photo ? (
          <ResponsiveImage className="car-card__photo" url={car.photo} alt="" sizes="(max-width: 48rem) 50vw, 16rem" isEager={isEager} />
        ) : (
          <span className="car-card__photo car-card__photo--none" aria-hidden="true">
            No photo yet
          </span>
        )}
        <span className="car-card__title">{title}</span>
      </Link>
      <span className="car-card__meta">
        {car.colour !== '' && <span>{car.colour}</span>}
        <span>{ownerLineOf(car)}</span>
        {car.photoCount > 1 && <span>{car.photoCount} photos</span>}
        {isVisibilityShown && car.visibility === 'members' && <span className="car-card__badge">Members only</span>}
      </span>
    </li>
  );
}
