import { useId } from 'react';
import './form.css';

export type RadioChoice<Value extends string> = { value: Value; label: string; hint?: string };

/**
 * A fieldset of radio buttons, each beside its label with its hint under it (form.css's
 * `.checkbox-field`): who may see a car, who may see a listing.
 */
export function RadioChoices<Value extends string>({
  legend,
  name,
  choices,
  defaultValue,
  className,
}: {
  legend: string;
  name: string;
  choices: readonly RadioChoice<Value>[];
  defaultValue: Value;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {choices.map(({ value, label, hint }) => (
        <div key={value} className="checkbox-field">
          <input
            id={`${id}-${value}`}
            type="radio"
            name={name}
            value={value}
            defaultChecked={defaultValue === value}
            aria-describedby={hint === undefined ? undefined : `${id}-${value}-hint`}
          />
          <label htmlFor={`${id}-${value}`}>{label}</label>
          {hint !== undefined && (
            <p id={`${id}-${value}-hint`} className="form-field__hint">
              {hint}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}
