import type { Car } from '@club/contracts';
import { PhotoGallery } from '../../components/photo-gallery.tsx';
import { carTitleOf, ownerLineOf, paragraphsOf, visibilityLabelOf } from './car-text.ts';

/** A car's page: photos, facts (the engine number and serial only reach members), story and history. */
export function CarDetails({ car }: { car: Car }) {
  const story = paragraphsOf(car.story);
  return (
    <>
      <PhotoGallery photos={car.photos} title={carTitleOf(car)} />
      <dl className="facts car-facts">
        <div className="facts__row">
          <dt>Year</dt>
          <dd>{car.year ?? 'Not known'}</dd>
        </div>
        <div className="facts__row">
          <dt>Body style</dt>
          <dd>{car.bodyStyle || 'Not known'}</dd>
        </div>
        {car.colour !== '' && (
          <div className="facts__row">
            <dt>Colour</dt>
            <dd>{car.colour}</dd>
          </div>
        )}
        {car.engineNumber !== null && car.engineNumber !== '' && (
          <div className="facts__row">
            <dt>Engine number</dt>
            <dd>{car.engineNumber}</dd>
          </div>
        )}
        {car.serial !== null && car.serial !== '' && (
          <div className="facts__row">
            <dt>Serial</dt>
            <dd>{car.serial}</dd>
          </div>
        )}
        <div className="facts__row">
          <dt>Owner</dt>
          <dd>{ownerLineOf(car).replace(/^Owner: /, '')}</dd>
        </div>
        {car.canEdit && (
          <div className="facts__row">
            <dt>Who may see it</dt>
            <dd>{visibilityLabelOf(car.visibility)}</dd>
          </div>
        )}
      </dl>
      {story.length > 0 && (
        <section className="car-story" aria-labelledby="car-story">
          <h2 id="car-story">The story</h2>
          {story.map((paragraph, n) => (
            <p key={n}>{paragraph}</p>
          ))}
        </section>
      )}
      {car.history.length > 0 && (
        <section aria-labelledby="car-history">
          <h2 id="car-history">Earlier owners</h2>
          <ol className="car-owners">
            {car.history.map((row, n) => (
              <li key={n}>
                {row.owner}
                {(row.from !== null || row.to !== null) && (
                  <span className="car-owners__years">
                    {' '}
                    ({row.from ?? '?'}–{row.to ?? '?'})
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
