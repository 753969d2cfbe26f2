import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGunzip, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPieces, streamObject } from './json-stream.ts';

const textOf = (stream: { pieces: () => Iterable<string> }) => [...stream.pieces()].join('');

describe('streamObject', () => {
  it('writes the same text as JSON.stringify of the whole object', () => {
    const rows = [
      { id: 1, title: 'Club "night"', tags: ['a', 'ü'] },
      { id: 2, title: 'Tour 🚗', tags: [] },
    ];
    expect(textOf(streamObject<{ v: typeof rows; u: string[] }>({ v: rows.values(), u: () => ['x'] }))).toBe(JSON.stringify({ v: rows, u: ['x'] }));
    expect(textOf(streamObject<{ v: number[]; u: string[] }>({ v: [].values(), u: () => [] }))).toBe('{"v":[],"u":[]}');
    expect(textOf(streamObject<{ a?: number; b: number }>({ a: () => undefined, b: () => 2 }))).toBe(JSON.stringify({ a: undefined, b: 2 }));
    expect(textOf(streamObject<{ a?: number }>({ a: () => undefined }))).toBe('{}');
  });

  it('asks a later field once the earlier ones are written, so it may use what they gathered', () => {
    const seen: string[] = [];
    function* names() {
      for (const name of ['b', 'a']) {
        seen.push(name);
        yield { name };
      }
    }
    const text = textOf(streamObject<{ v: { name: string }[]; u: string[] }>({ v: names(), u: () => [...seen].sort() }));
    expect(JSON.parse(text)).toEqual({ v: [{ name: 'b' }, { name: 'a' }], u: ['a', 'b'] });
  });
});

describe('compressPieces', () => {
  // Over a megabyte of rows with multibyte characters: several segments, each compressed on its own.
  const pieces = Array.from(
    { length: 12_000 },
    (_, id) => `${id === 0 ? '[' : ','}${JSON.stringify({ id, title: `Run ${id} — Ångström 🚗`, note: 'x'.repeat(id % 97) })}`,
  ).concat(']');
  const json = Buffer.from(pieces.join(''));

  it('gives one gzip member that inflates to the text, with the ETag of the whole text', async () => {
    const compressed = compressPieces(pieces);
    expect(json.length).toBeGreaterThan(1_000_000);
    expect(compressed.jsonBytes).toBe(json.length);
    expect(gunzipSync(compressed.gzip).equals(json)).toBe(true);
    expect(compressed.etag).toBe(`"${createHash('sha1').update(json).digest('base64url')}"`);
    // Inflated as a stream too, as a client without gzip gets it.
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.from([compressed.gzip]).pipe(createGunzip())) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(json)).toBe(true);
    // Compressed about as well as the whole text at once.
    expect(compressed.gzip.length).toBeLessThan(json.length / 4);
  });

  it('compresses no text at all into a valid empty member', () => {
    expect(gunzipSync(compressPieces([]).gzip).length).toBe(0);
  });
});
