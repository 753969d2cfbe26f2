import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * An answer written as JSON text piece by piece rather than built as one object tree: the legacy
 * full lists (events.get is 23 MB of JSON at ten times the club's data) are read row by row and
 * compressed as they go, so only their gzip bytes are ever held whole. `T` is the reply's shape,
 * which the contract check in tests holds the text to.
 */
export class JsonStream<T> {
  /** The reply's type, for the handler's signature only (never set). */
  declare readonly shape: T;

  constructor(readonly pieces: () => Iterable<string>) {}
}

/** A field of `streamObject`: an array given as an iterable (written item by item), or any value given as a function, asked when its turn comes. */
type StreamedField<V> = V extends readonly (infer Item)[] ? Iterable<Item> | (() => V) : () => V;

/**
 * `{"a":[…],"b":…}` in the fields' order, the same text as `JSON.stringify` of the whole object:
 * an array field is written one item at a time from its iterable, and a function field is called
 * once the fields before it are written (so it may read what they gathered).
 */
export function streamObject<T extends object>(fields: { [K in keyof T]: StreamedField<T[K]> }): JsonStream<T> {
  return new JsonStream<T>(function* pieces() {
    let separator = '{';
    for (const [key, field] of Object.entries(fields) as [string, Iterable<unknown> | (() => unknown)][]) {
      if (typeof field === 'function') {
        const text = JSON.stringify(field());
        // As JSON.stringify does with an undefined property: left out.
        if (text === undefined) continue;
        yield `${separator}${JSON.stringify(key)}:${text}`;
      } else {
        let open = `${separator}${JSON.stringify(key)}:[`;
        for (const item of field) {
          yield `${open}${JSON.stringify(item) ?? 'null'}`;
          open = ',';
        }
        yield open === ',' ? ']' : `${open}]`;
      }
      separator = ',';
    }
    yield separator === '{' ? '{}' : '}';
  });
}

/** How much JSON text is gathered before it is compressed: enough that the pieces compress almost as well as the whole. */
const SEGMENT_CHARS = 256 * 1024;

/** gzip's header (RFC 1952): deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

export type Compressed = { gzip: Buffer; etag: string; jsonBytes: number };

/**
 * Compresses JSON text as it comes into one gzip member, holding only the compressed bytes and a
 * segment of text: each segment is deflated on its own and ended with a sync flush (byte-aligned,
 * not final), so the segments join into one deflate stream; the last one finishes it. The ETag is
 * the SHA-1 of the JSON, as for an answer serialized whole.
 */
export function compressPieces(pieces: Iterable<string>): Compressed {
  const hash = createHash('sha1');
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let jsonBytes = 0;
  let pending: string[] = [];
  let pendingChars = 0;
  const flush = (isLast: boolean) => {
    const text = Buffer.from(pending.join(''));
    pending = [];
    pendingChars = 0;
    hash.update(text);
    crc = crc32(text, crc);
    jsonBytes += text.length;
    parts.push(deflateRawSync(text, { finishFlush: isLast ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }));
  };
  for (const piece of pieces) {
    pending.push(piece);
    pendingChars += piece.length;
    if (pendingChars >= SEGMENT_CHARS) flush(false);
  }
  flush(true);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(jsonBytes % 2 ** 32, 4);
  parts.push(trailer);
  return { gzip: Buffer.concat(parts), etag: `"${hash.digest('base64url')}"`, jsonBytes };
}
