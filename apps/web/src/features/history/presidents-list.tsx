import type { President } from '@club/contracts';
import './history.css';

export type PresidentsListProps = {
  presidents: President[];
  /** Given to history editors: each row becomes a button that opens the editor. */
  onEdit?: (president: President) => void;
};

/** Year and name, in the order the server delivers them (newest first). */
export function PresidentsList({ presidents, onEdit }: PresidentsListProps) {
  if (presidents.length === 0) return <p>No presidents have been listed yet.</p>;
  return (
    <ul className="year-list" aria-label="Past club presidents">
      {presidents.map((president) => (
        <li key={president.id} className="year-list__item">
          {onEdit ? (
            <button type="button" className="year-list__row year-list__row--button" onClick={() => onEdit(president)}>
              <span className="year-list__year">{president.year}</span>
              <span className="year-list__name">{president.name}</span>
              <span className="visually-hidden"> (edit)</span>
            </button>
          ) : (
            <span className="year-list__row">
              <span className="year-list__year">{president.year}</span>
              <span className="year-list__name">{president.name}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
