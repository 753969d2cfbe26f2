import { describe, expect, it } from 'vitest';
import { readForm } from './form-values.ts';

function formData(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('readForm', () => {
  it('trims text, keeps secrets as typed, reads checkboxes as 1 or 0 and repeated fields as lists', () => {
    const data = formData([
      ['n', '  Henry Ford '],
      ['p', ' pass word '],
      ['o', 'on'],
      ['cars', ' Model A '],
      ['cars', '  '],
      ['cars', 'Model T'],
    ]);

    const values = readForm(data, { n: 'text', p: 'secret', o: 'flag', invite: 'flag', cars: 'list' });

    expect(values).toEqual({ n: 'Henry Ford', p: ' pass word ', o: 1, invite: 0, cars: ['Model A', 'Model T'] });
  });

  it('reads a missing field as blank text and an empty list', () => {
    expect(readForm(new FormData(), { y: 'text', cars: 'list' })).toEqual({ y: '', cars: [] });
  });

  it('reads a file in a text field as blank rather than as "[object File]"', () => {
    const data = new FormData();
    data.append('f', new Blob(['jpeg'], { type: 'image/jpeg' }), 'car.jpg');
    expect(readForm(data, { f: 'text' })).toEqual({ f: '' });
  });
});
