import { useId } from 'react';
import './form.css';

/**
 * The search box and the choices above a searched list (the forum's threads, the member list):
 * a label over each field, the value the page keeps, and what to do when it changes (the page
 * starts again at page 1). `className` is the page's own layout of the field.
 */
export function ListSearchField({
  label,
  value,
  placeholder,
  className,
  onChange,
}: {
  label: string;
  value: string;
  placeholder: string;
  className: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="form-field__input"
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

/** One choice of a list's order or filter, as pairs of value and what the person reads. */
export function ListChoiceField<Value extends string>({
  label,
  value,
  options,
  className,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly (readonly [Value, string])[];
  className: string;
  onChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className="form-field__input" value={value} onChange={(event) => onChange(event.currentTarget.value as Value)}>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
