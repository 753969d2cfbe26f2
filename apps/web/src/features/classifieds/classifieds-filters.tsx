import { LISTING_CATEGORIES, LISTING_CATEGORY_LABELS, type ListingCategory, type ListingKind } from '@club/contracts/plain';
import { useId, useState, type FormEvent } from 'react';
import type { ClassifiedsFilters } from './api/classifieds-reads.ts';
import '../../components/filter-panel.css';
import '../../components/form.css';

/** For sale / wanted, what it is, and words; applied together, kept in the address. */
export function ClassifiedsFiltersForm({ filters, onApply }: { filters: ClassifiedsFilters; onApply: (filters: ClassifiedsFilters) => void }) {
  const id = useId();
  const [kind, setKind] = useState<ListingKind | ''>(filters.kind ?? '');
  const [category, setCategory] = useState<ListingCategory | ''>(filters.category ?? '');
  const [words, setWords] = useState(filters.words);
  // The fields follow the address (back, forward, a link) without remounting the form: a remount
  // would drop the keyboard's focus from the button to the top of the page.
  const signature = JSON.stringify(filters);
  const [shown, setShown] = useState(signature);
  if (signature !== shown) {
    setShown(signature);
    setKind(filters.kind ?? '');
    setCategory(filters.category ?? '');
    setWords(filters.words);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    onApply({ ...(kind ? { kind } : {}), ...(category ? { category } : {}), words: words.trim() });
  }

  return (
    <form className="filter-panel" role="search" aria-label="Find listings" onSubmit={apply}>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-kind`}>
          For sale or wanted
        </label>
        <select id={`${id}-kind`} className="form-field__input" value={kind} onChange={(event) => setKind(event.target.value as ListingKind | '')}>
          <option value="">Both</option>
          <option value="sale">For sale</option>
          <option value="wanted">Wanted</option>
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-category`}>
          What
        </label>
        <select
          id={`${id}-category`}
          className="form-field__input"
          value={category}
          onChange={(event) => setCategory(event.target.value as ListingCategory | '')}
        >
          <option value="">Anything</option>
          {LISTING_CATEGORIES.map((choice) => (
            <option key={choice} value={choice}>
              {LISTING_CATEGORY_LABELS[choice]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-words`}>
          Words
        </label>
        <input
          id={`${id}-words`}
          className="form-field__input"
          type="search"
          maxLength={100}
          value={words}
          onChange={(event) => setWords(event.target.value)}
        />
      </div>
      <div className="button-row filter-panel__actions">
        <button type="submit" className="button button--primary">
          Show listings
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setKind('');
            setCategory('');
            setWords('');
            onApply({ words: '' });
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
