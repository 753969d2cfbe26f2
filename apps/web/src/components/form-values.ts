/**
 * How to read one form field: `text` trimmed, `secret` exactly as typed (passwords), `flag`
 * a checkbox as 1 or 0, `list` every non-blank value of a repeated field, trimmed.
 */
export type FieldKind = 'text' | 'secret' | 'flag' | 'list';

type ValueOf<K extends FieldKind> = K extends 'flag' ? 0 | 1 : K extends 'list' ? string[] : string;

export type FormValues<S extends Record<string, FieldKind>> = { [F in keyof S]: ValueOf<S[F]> };

function textOf(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Reads a form's fields as typed values, by name: `readForm(data, { y: 'text', n: 'text' })`.
 * A missing field reads as blank (text), 0 (flag) or an empty list; files are not read here.
 */
export function readForm<S extends Record<string, FieldKind>>(data: FormData, shape: S): FormValues<S> {
  const values: Record<string, string | string[] | 0 | 1> = {};
  for (const [name, kind] of Object.entries(shape)) {
    if (kind === 'flag') values[name] = data.get(name) !== null ? 1 : 0;
    else if (kind === 'list')
      values[name] = data
        .getAll(name)
        .map((value) => textOf(value).trim())
        .filter((value) => value !== '');
    else if (kind === 'secret') values[name] = textOf(data.get(name));
    else values[name] = textOf(data.get(name)).trim();
  }
  return values as FormValues<S>;
}
