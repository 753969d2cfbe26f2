import { useId, useState, type FormEvent } from 'react';
import type { RegistryFilters } from './api/garage-reads.ts';
import '../../components/filter-panel.css';
import '../../components/form.css';

export type RegistryFiltersProps = {
  filters: RegistryFilters;
  /** The years that have cars, for the year list. */
  years: number[];
  bodyStyles: string[];
  onApply: (filters: RegistryFilters) => void;
};

/** Year, body style, colour and "has photos"; applied together, kept in the address. */
export function RegistryFiltersForm({ filters, years, bodyStyles, onApply }: RegistryFiltersProps) {
  const id = useId();
  const [year, setYear] = useState(filters.year === undefined ? '' : String(filters.year));
  const [bodyStyle, setBodyStyle] = useState(filters.bodyStyle);
  const [colour, setColour] = useState(filters.colour);
  const [hasPhotos, setHasPhotos] = useState(filters.hasPhotos);
  // The fields follow the address (back, forward, a link) without remounting the form: a remount
  // would drop the keyboard's focus from "Show cars" to the top of the page.
  const signature = JSON.stringify(filters);
  const [shown, setShown] = useState(signature);
  if (signature !== shown) {
    setShown(signature);
    setYear(filters.year === undefined ? '' : String(filters.year));
    setBodyStyle(filters.bodyStyle);
    setColour(filters.colour);
    setHasPhotos(filters.hasPhotos);
  }
  const yearChoices = [...new Set([...years, ...(filters.year === undefined ? [] : [filters.year])])].sort((a, b) => a - b);

  function apply(event: FormEvent) {
    event.preventDefault();
    onApply({ year: year === '' ? undefined : Number(year), bodyStyle, colour: colour.trim(), hasPhotos });
  }

  function clear() {
    setYear('');
    setBodyStyle('');
    setColour('');
    setHasPhotos(false);
    onApply({ bodyStyle: '', colour: '', hasPhotos: false });
  }

  return (
    <form className="filter-panel" role="search" aria-label="Find cars" onSubmit={apply}>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-year`}>
          Year
        </label>
        <select id={`${id}-year`} className="form-field__input" value={year} onChange={(event) => setYear(event.target.value)}>
          <option value="">Any year</option>
          {yearChoices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-style`}>
          Body style
        </label>
        <select id={`${id}-style`} className="form-field__input" value={bodyStyle} onChange={(event) => setBodyStyle(event.target.value)}>
          <option value="">Any body style</option>
          {bodyStyles.map((style) => (
            <option key={style} value={style}>
              {style}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-colour`}>
          Colour
        </label>
        <input
          id={`${id}-colour`}
          className="form-field__input"
          type="search"
          maxLength={60}
          value={colour}
          onChange={(event) => setColour(event.target.value)}
        />
      </div>
      <div className="checkbox-field registry-filters__photos">
        <input id={`${id}-photos`} type="checkbox" checked={hasPhotos} onChange={(event) => setHasPhotos(event.target.checked)} />
        <label htmlFor={`${id}-photos`}>Only cars with photos</label>
      </div>
      <div className="button-row filter-panel__actions">
        <button type="submit" className="button button--primary">
          Show cars
        </button>
        <button type="button" className="button" onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
