import type { CarSummary } from '@club/contracts';
import { PhotoCard } from '../../components/photo-card.tsx';
import { carPath } from '../../lib/paths.ts';
import { carTitleOf, ownerLineOf } from './car-text.ts';

/** One car in a photo grid: its first photo, its line, colour and owner (as the viewer may know it). */
export function CarCard({ car, isVisibilityShown = false, isEager = false }: { car: CarSummary; isVisibilityShown?: boolean; isEager?: boolean }) {
  return (
    <PhotoCard to={carPath(car.id)} photo={car.photo} noPhotoText="No photo yet" title={carTitleOf(car)} isEager={isEager}>
      {car.colour !== '' && <span>{car.colour}</span>}
      <span>{ownerLineOf(car)}</span>
      {car.photoCount > 1 && <span>{car.photoCount} photos</span>}
      {isVisibilityShown && car.visibility === 'members' && <span className="photo-card__badge">Members only</span>}
    </PhotoCard>
  );
}
