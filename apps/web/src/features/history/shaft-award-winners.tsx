import type { ShaftAwardWinner } from '@club/contracts';
import './history.css';

export type ShaftAwardWinnersProps = {
  /** Newest first, as the server delivers them. */
  winners: ShaftAwardWinner[];
  /** Given to history editors: each recipient becomes a button that opens the editor. */
  onEdit?: (winner: ShaftAwardWinner) => void;
};

function WinnerRow({ winner, onEdit }: { winner: ShaftAwardWinner; onEdit?: (winner: ShaftAwardWinner) => void }) {
  const content = (
    <>
      <span className="year-list__year">{winner.year}</span>
      <span className="year-list__name">{winner.name}</span>
      {/* The name beside it says who it is, so the thumbnail is decoration to a screen reader. */}
      {winner.imageUrl !== '' && <img className="year-list__thumb" src={winner.imageUrl} alt="" loading="lazy" />}
    </>
  );
  if (!onEdit) return <span className="year-list__row">{content}</span>;
  return (
    <button type="button" className="year-list__row year-list__row--button" onClick={() => onEdit(winner)}>
      {content}
      <span className="visually-hidden"> (edit)</span>
    </button>
  );
}

/** The latest winner with photo, then every earlier recipient. */
export function ShaftAwardWinners({ winners, onEdit }: ShaftAwardWinnersProps) {
  const [latest, ...past] = winners;
  if (latest === undefined) return <p>No Shaft Award winners have been listed yet.</p>;
  return (
    <>
      <section className="latest-winner" aria-labelledby="latest-winner-heading">
        <h2 id="latest-winner-heading">Latest winner</h2>
        <figure className="latest-winner__figure">
          {latest.imageUrl !== '' && (
            <img className="latest-winner__photo" src={latest.imageUrl} alt={`${latest.name} with the ${latest.year} Shaft Award`} />
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
                <WinnerRow winner={winner} onEdit={onEdit} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
