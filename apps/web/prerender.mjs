// Writes dist/home.html: index.html with the home page's first screen drawn in (src/prerender.tsx,
// docs/decisions/0040-prerendered-home.md). Runs after `vite build` (it needs dist/index.html), before
// compress.mjs (which then compresses home.html too).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const WEB = import.meta.dirname;
const DIST = path.join(WEB, 'dist');
const OUT = path.join(WEB, 'dist-prerender');

rmSync(OUT, { recursive: true, force: true });
try {
  await build({
    root: WEB,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: OUT,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
    },
  });
  const { renderPage, withPage } = await import(pathToFileURL(path.join(OUT, 'prerender.js')).href);
  const indexHtml = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  writeFileSync(path.join(DIST, 'home.html'), withPage(indexHtml, await renderPage('/')));
  console.info('prerendered / into dist/home.html');
} finally {
  rmSync(OUT, { recursive: true, force: true });
}
