import type { StartupParty } from '@club/contracts';
import { formatPartyDate } from './history-rules.ts';
import './history.css';

export type StartupPartyListProps = {
  parties: StartupParty[];
  /** Given to history editors: each party's heading becomes a button that opens the editor. */
  onEdit?: (party: StartupParty) => void;
};

/** Numbered in the order the server delivers them (the order they took place). */
export function StartupPartyList({ parties, onEdit }: StartupPartyListProps) {
  if (parties.length === 0) return <p>No start-up parties have been recorded yet.</p>;
  return (
    <ol className="party-list" aria-label="Start-up parties">
      {parties.map((party, index) => {
        const title = party.name !== '' ? party.name : 'A car still without a name';
        const heading = (
          <>
            <span className="party-card__number">{index + 1}.</span> {title}
          </>
        );
        return (
          <li key={party.id} className="party-card">
            <h2 className="party-card__title">
              {onEdit ? (
                <button type="button" className="link-button party-card__edit" onClick={() => onEdit(party)}>
                  {heading}
                  <span className="visually-hidden"> (edit)</span>
                </button>
              ) : (
                heading
              )}
            </h2>
            <dl className="party-card__facts">
              {party.owner !== '' && (
                <div>
                  <dt>Owner</dt>
                  <dd>{party.owner}</dd>
                </div>
              )}
              {party.model !== '' && (
                <div>
                  <dt>Model</dt>
                  <dd>{party.model}</dd>
                </div>
              )}
              {party.idleYears !== null && (
                <div>
                  <dt>Years idle</dt>
                  <dd>{party.idleYears}</dd>
                </div>
              )}
              {party.dateStarted !== null && (
                <div>
                  <dt>Date started</dt>
                  <dd>
                    <time dateTime={party.dateStarted}>{formatPartyDate(party.dateStarted)}</time>
                  </dd>
                </div>
              )}
            </dl>
            {party.extra !== '' && <p className="party-card__extra">{party.extra}</p>}
          </li>
        );
      })}
    </ol>
  );
}
