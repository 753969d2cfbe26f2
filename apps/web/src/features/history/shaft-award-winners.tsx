import type { ShaftAwardWinner } from '@club/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import './history.css';

const PhotoLightbox = lazy(() => import('../../components/photo-lightbox.tsx'));

export type ShaftAwardWinnersProps = {
  /** Newest first, as the server delivers them. */
  winners: ShaftAwardWinner[];
  /** Given to history editors: each recipient becomes a button that opens the editor. */
  onEdit?: (winner: ShaftAwardWinner) => void;
};

const pictureCaption = (winner: ShaftAwardWinner) => `${winner.year}: ${winner.name}`;

function WinnerRow({
  winner,
  onEdit,
  onEnlarge,
}: {
  winner: ShaftAwardWinner;
  onEdit?: (winner: ShaftAwardWinner) => void;
  onEnlarge: (winner: ShaftAwardWinner, opener: HTMLButtonElement) => void;
}) {
  const content = (
    <>
      <span className="year-list__year">{winner.year}</span>
      <span className="year-list__name">{winner.name}</span>
    </>
  );
  return (
    <div className="year-list__line">
      {onEdit ? (
        <button type="button" className="year-list__row year-list__row--button" onClick={() => onEdit(winner)}>
          {content}
          <span className="visually-hidden"> (edit)</span>
        </button>
      ) : (
        <span className="year-list__row">{content}</span>
      )}
      {winner.imageUrl !== '' && (
        <button
          type="button"
          className="year-list__enlarge"
          aria-label={`Enlarge the picture of ${winner.name}, ${winner.year}`}
          onClick={(event) => onEnlarge(winner, event.currentTarget)}
        >
          <img className="year-list__thumb" src={winner.imageUrl} alt="" loading="lazy" />
        </button>
      )}
    </div>
  );
}

/** The latest winner with photo, then every earlier recipient. */
export function ShaftAwardWinners({ winners, onEdit }: ShaftAwardWinnersProps) {
  const [latest, ...past] = winners;
  // The last picture enlarged stays mounted while the large view closes, so focus can go back.
  const [enlarged, setEnlarged] = useState<{ winner: ShaftAwardWinner; isOpen: boolean } | null>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const enlarge = (winner: ShaftAwardWinner, opener: HTMLButtonElement) => {
    openerRef.current = opener;
    setEnlarged({ winner, isOpen: true });
  };
  if (latest === undefined) return <p>No Shaft Award winners have been listed yet.</p>;
  return (
    <>
      <section className="latest-winner" aria-labelledby="latest-winner-heading">
        <h2 id="latest-winner-heading">Latest winner</h2>
        <figure className="latest-winner__figure">
          {latest.imageUrl !== '' && (
            <button
              type="button"
              className="latest-winner__enlarge"
              aria-label={`Enlarge the picture of ${latest.name}, ${latest.year}`}
              onClick={(event) => enlarge(latest, event.currentTarget)}
            >
              <img className="latest-winner__photo" src={latest.imageUrl} alt={`${latest.name} with the ${latest.year} Shaft Award`} />
            </button>
          )}
          <figcaption className="latest-winner__caption">
            <span className="latest-winner__year">{latest.year}</span> <span className="latest-winner__name">{latest.name}</span>
          </figcaption>
        </figure>
        {onEdit && (
          <button type="button" className="button" onClick={() => onEdit(latest)}>
            Edit {latest.year} winner
          </button>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-recipients-heading">
          <h2 id="past-recipients-heading">Past recipients</h2>
          <ul className="year-list" aria-label="Past recipients">
            {past.map((winner) => (
              <li key={winner.id} className="year-list__item">
                <WinnerRow winner={winner} onEdit={onEdit} onEnlarge={enlarge} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {enlarged && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={[
              {
                url: enlarged.winner.imageUrl,
                alt: `${enlarged.winner.name} with the ${enlarged.winner.year} Shaft Award`,
                caption: pictureCaption(enlarged.winner),
              },
            ]}
            label={`the Shaft Award, ${enlarged.winner.year}`}
            index={0}
            isOpen={enlarged.isOpen}
            onClose={() => setEnlarged({ ...enlarged, isOpen: false })}
            onClosed={() => openerRef.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
