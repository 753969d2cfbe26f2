const englishPlural = new Intl.PluralRules('en');

/** "1 member", "2 members": the count with the noun in the form English asks for. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${englishPlural.select(count) === 'one' ? one : other}`;
}
