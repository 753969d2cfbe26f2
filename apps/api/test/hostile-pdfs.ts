/**
 * Small PDFs that are cheap to send and expensive to draw, written in raw PDF syntax for the
 * cover-rendering limits (issue 20, item 3): each is a few hundred KB at most and would take
 * seconds to minutes and gigabytes to draw without limits.
 */
import { deflateSync } from 'node:zlib';

/**
 * One page whose content is `content` (Flate-compressed) drawn `repeat` times: the page's
 * /Contents array names the same stream again and again, so the file stays small.
 */
function onePagePdf(content: Buffer, repeat = 1, image?: { width: number; height: number; data: Buffer }): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const resources = image ? '/Resources << /XObject << /Im1 5 0 R >> >>' : '/Resources << >>';
  add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${resources} /Contents [${'4 0 R '.repeat(repeat)}] >>`);
  const compressed = deflateSync(content, { level: 9 });
  add(stream('/Filter /FlateDecode', compressed));
  if (image) {
    add(
      stream(
        `/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode`,
        image.data,
      ),
    );
  }
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const parts: Buffer[] = [header];
  const offsets: number[] = [];
  let length = header.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A page of `millions` million tiny filled rectangles (3 million: 76 KB, over 2 minutes with pdf.js). */
export function manyRectanglesPdf(millions = 3): Buffer {
  const line = Buffer.from('1 1 0.5 0.5 re f\n', 'latin1');
  return onePagePdf(Buffer.concat(Array.from({ length: 1_000_000 }, () => line)), millions);
}

/** A page showing one `side`×`side` image (20000: 400 megapixels in a few KB; one bit each keeps it quick to make). */
export function hugeImagePdf(side = 20_000): Buffer {
  const rows = Buffer.alloc(Math.ceil(side / 8) * side, 0x55);
  return onePagePdf(Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q\n', 'latin1'), 1, { width: side, height: side, data: deflateSync(rows, { level: 9 }) });
}

/** A page whose content inflates to `gigabytes` GB of white space from a file of about 65 KB. */
export function compressionBombPdf(gigabytes = 2): Buffer {
  return onePagePdf(Buffer.alloc(64 * 1024 * 1024, 0x20), gigabytes * 16);
}
