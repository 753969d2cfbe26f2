/** What the first bytes of a file say it is. */
export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'pdf' | 'xml' | 'unknown';

/** What a file really is, from its first bytes; the name and the browser's type are not trusted. */
export function sniffFileType(buffer: Buffer): SniffedType {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (buffer.subarray(0, 4).toString('latin1') === 'RIFF' && buffer.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (isHeic(buffer)) return 'heic';
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (isXmlStart(buffer)) return 'xml';
  return 'unknown';
}

/** What a file's name says it is, by its extension. */
const TYPE_BY_EXTENSION: Readonly<Record<string, SniffedType>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  heic: 'heic',
  heif: 'heic',
  pdf: 'pdf',
  gpx: 'xml',
};

/**
 * What a file's name claims it is, and the extension that claims it (lower case); undefined for
 * a name whose extension says nothing known. Only to word a refusal: sniffFileType decides.
 */
export function typeNamed(fileName: string): { type: SniffedType; extension: string } | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const type = extension === undefined ? undefined : TYPE_BY_EXTENSION[extension];
  return extension === undefined || type === undefined ? undefined : { type, extension };
}

/** Text that opens with a tag (after a UTF-8 byte order mark and white space): an XML document such as GPX. */
function isXmlStart(buffer: Buffer): boolean {
  let at = buffer.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
  while (at < Math.min(buffer.length, 1024) && [0x20, 0x09, 0x0a, 0x0d].includes(buffer[at] as number)) at += 1;
  return buffer[at] === 0x3c;
}

/** The brands of a HEVC-coded HEIF: stills, sequences, multi-layer and scalable. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
/** The generic HEIF brands; AVIF files carry them too, but also name themselves avif or avis. */
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const MAX_FTYP_BYTES = 256;
/**
 * Whether a file is a HEIC photo, by its content alone: an ISO-BMFF `ftyp` box at the start whose
 * major or compatible brands name HEVC-coded HEIF (or generic HEIF that does not say AVIF).
 */
export function isHeic(buffer: Uint8Array): boolean {
  if (buffer.length < 16) return false;
  const ascii = (at: number) => String.fromCharCode(...buffer.subarray(at, at + 4));
  if (ascii(4) !== 'ftyp') return false;
  // A real ftyp box names a handful of brands; a forged size never makes this read far.
  const boxSize = Math.min(new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength).getUint32(0), buffer.length, MAX_FTYP_BYTES);
  const major = ascii(8);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= boxSize; at += 4) compatible.push(ascii(at));
  const brands = [major, ...compatible];
  if (brands.some((brand) => HEVC_BRANDS.has(brand))) return true;
  return HEIF_BRANDS.has(major) && !brands.some((brand) => brand === 'avif' || brand === 'avis');
}
