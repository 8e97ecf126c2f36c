// Writes .br and .gz next to every text asset of the build, so the server can send them precompressed
// (@fastify/static `preCompressed`) without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = path.join(import.meta.dirname, 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

let count = 0;
for (const file of files(DIST)) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.info(`compressed ${count} assets (br, gz)`);
