/** What the first bytes of a file say it is. */
export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'xml' | 'unknown';

/** What a file really is, from its first bytes; the name and the browser's type are not trusted. */
export function sniffFileType(buffer: Buffer): SniffedType {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (buffer.subarray(0, 4).toString('latin1') === 'RIFF' && buffer.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (isXmlStart(buffer)) return 'xml';
  return 'unknown';
}

/** Text that opens with a tag (after a UTF-8 byte order mark and white space): an XML document such as GPX. */
function isXmlStart(buffer: Buffer): boolean {
  let at = buffer.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
  while (at < Math.min(buffer.length, 1024) && [0x20, 0x09, 0x0a, 0x0d].includes(buffer[at] as number)) at += 1;
  return buffer[at] === 0x3c;
}
