// After `vite build`: writes a .br (quality 11) and a .gz (level 9) beside every hashed text asset,
// so the server sends them as they are (express-static-gzip) and never compresses them per request.
// Files that would not shrink by at least 10% are left alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = fileURLToPath(new URL('../dist/assets', import.meta.url));
const TEXT = /\.(?:js|mjs|css|svg|json|txt|map|webmanifest)$/;

let files = 0;
let raw = 0;
let brotli = 0;
for (const name of fs.readdirSync(assets)) {
  if (!TEXT.test(name) || name.endsWith('.map')) continue;
  const file = path.join(assets, name);
  const bytes = fs.readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (gz.length > bytes.length * 0.9) continue;
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  raw += bytes.length;
  brotli += br.length;
}
console.log(`precompressed ${files} assets: ${(raw / 1024).toFixed(0)} KiB -> ${(brotli / 1024).toFixed(0)} KiB brotli`);
