import { describe, expect, it } from 'vitest';
import { splitSnippet, toMatchQuery } from './service.ts';

describe('toMatchQuery', () => {
  it('quotes each word, all required, the last one also as the start of a word while typing', () => {
    expect(toMatchQuery('model a tudor')).toBe('"model" "a" "tudor"*');
    expect(toMatchQuery('model a tudor ')).toBe('"model" "a" "tudor"');
  });

  it('keeps "quoted words" as a phrase, and an unclosed quote as a phrase being typed', () => {
    expect(toMatchQuery('"model a" tudor')).toBe('"model a" "tudor"*');
    expect(toMatchQuery('"model a')).toBe('"model a"*');
    expect(toMatchQuery('"model a"')).toBe('"model a"');
  });

  it('turns FTS5 syntax into plain words, so no input is a syntax error', () => {
    expect(toMatchQuery('NEAR(')).toBe('"NEAR"');
    expect(toMatchQuery("'; drop")).toBe('"drop"*');
    expect(toMatchQuery('title:x OR y')).toBe('"title" "x" "OR" "y"*');
    expect(toMatchQuery('a* -b ^c')).toBe('"a" "b" "c"*');
  });

  it('has nothing to search in punctuation alone', () => {
    for (const input of ['', ' ', '*', '"', '""', '(((', "'; --"]) expect(toMatchQuery(input), input).toBeUndefined();
  });

  it('keeps letters of every script and digits', () => {
    expect(toMatchQuery('Zoë 1929')).toBe('"Zoë" "1929"*');
  });
});

describe('splitSnippet', () => {
  it('alternates plain text and matched words', () => {
    expect(splitSnippet('A \u0002hit\u0003 and \u0002another\u0003.')).toEqual(['A ', 'hit', ' and ', 'another', '.']);
    expect(splitSnippet('\u0002hit\u0003')).toEqual(['', 'hit', '']);
    expect(splitSnippet('no hit')).toEqual(['no hit']);
  });

  it('leaves markup as text', () => {
    expect(splitSnippet('<img src=x onerror=alert(1)> \u0002hit\u0003')).toEqual(['<img src=x onerror=alert(1)> ', 'hit', '']);
  });
});
