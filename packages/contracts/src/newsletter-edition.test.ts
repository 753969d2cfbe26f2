import { describe, expect, it } from 'vitest';
import { newsletterLabel, newsletterTitle, readEditionFromFileName } from './newsletter-edition.ts';

describe('readEditionFromFileName', () => {
  it('reads month and year from the usual name', () => {
    expect(readEditionFromFileName('Valley News March 2025.pdf')).toEqual({ month: 3, year: 2025, isSpecial: false });
  });

  it('reads a special edition, in any case and with other separators', () => {
    expect(readEditionFromFileName('valley_news_SPECIAL_december-2024.JPG')).toEqual({ month: 12, year: 2024, isSpecial: true });
  });

  it('reads short month names as whole words only', () => {
    expect(readEditionFromFileName('VN Sept 2023.pdf')).toMatchObject({ month: 9, year: 2023 });
    expect(readEditionFromFileName('VN jun2023.pdf')).toMatchObject({ month: 6, year: 2023 });
    // "Mayor" is not May, "marching" is not March.
    expect(readEditionFromFileName('Mayor marching band 2022.pdf')).toEqual({ year: 2022, isSpecial: false });
  });

  it('leaves out what the name does not say', () => {
    expect(readEditionFromFileName('scan0001.pdf')).toEqual({ isSpecial: false });
    expect(readEditionFromFileName('Valley News April.pdf')).toEqual({ month: 4, isSpecial: false });
    expect(readEditionFromFileName('Issue 12345.pdf')).toEqual({ isSpecial: false });
  });
});

describe('newsletterTitle and newsletterLabel', () => {
  it('name a regular and a special edition', () => {
    expect(newsletterTitle({ year: 2025, month: 3, isSpecial: false })).toBe('Valley News March 2025');
    expect(newsletterTitle({ year: 2024, month: 12, isSpecial: true })).toBe('Valley News Special December 2024');
    expect(newsletterLabel({ year: 2025, month: 3, isSpecial: false })).toBe('March 2025');
    expect(newsletterLabel({ year: 2024, month: 12, isSpecial: true })).toBe('Special, December 2024');
  });
});
