import { useEffect, useId, useRef, useState } from 'react';

type CarRow = { key: number; value: string };

/** The member's cars as rows to add and remove; each input is named `cars`, read in order. */
export function CarsField({ initialCars }: { initialCars: string[] }) {
  const nextKey = useRef(initialCars.length);
  const [rows, setRows] = useState<CarRow[]>(() => initialCars.map((value, key) => ({ key, value })));
  const focusKeyRef = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  // A new row takes focus once it is on screen, so typing can start at once.
  useEffect(() => {
    if (focusKeyRef.current === null) return;
    listRef.current?.querySelector<HTMLInputElement>(`[data-car-key="${focusKeyRef.current}"]`)?.focus();
    focusKeyRef.current = null;
  }, [rows]);

  function addRow() {
    const key = nextKey.current;
    nextKey.current += 1;
    setRows((current) => [...current, { key, value: '' }]);
    focusKeyRef.current = key;
  }

  function removeRow(key: number) {
    setRows((current) => current.filter((row) => row.key !== key));
    // The removed row's button is gone; the Add button is a steady place to land.
    addRef.current?.focus();
  }

  return (
    <fieldset className="cars-field">
      <legend id={headingId}>Cars</legend>
      {rows.length === 0 && <p className="cars-field__empty">No cars listed.</p>}
      <ol className="cars-field__list" ref={listRef}>
        {rows.map((row, index) => (
          <li key={row.key} className="cars-field__row">
            <label className="visually-hidden" htmlFor={`${headingId}-${row.key}`}>
              Car {index + 1}
            </label>
            <input
              id={`${headingId}-${row.key}`}
              data-car-key={row.key}
              className="form-field__input"
              name="cars"
              value={row.value}
              maxLength={200}
              placeholder="e.g. 1930 Model A Tudor Sedan"
              onChange={(event) => {
                const value = event.currentTarget.value;
                setRows((current) => current.map((r) => (r.key === row.key ? { ...r, value } : r)));
              }}
            />
            <button type="button" className="button" onClick={() => removeRow(row.key)} aria-label={`Remove car ${index + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button" ref={addRef} onClick={addRow}>
        Add a car
      </button>
    </fieldset>
  );
}
