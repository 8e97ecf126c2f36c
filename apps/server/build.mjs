// Bundles the server into dist/server.js. Workspace packages (TypeScript sources) are bundled in; every npm
// dependency, the server's and the workspace packages' alike, stays external and is loaded from node_modules
// at run time (so no CommonJS code ends up inside this ES module).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const readDeps = (url) =>
  Object.keys(JSON.parse(readFileSync(new URL(url, import.meta.url), 'utf8')).dependencies);
const external = [...readDeps('./package.json'), ...readDeps('../../packages/shared/package.json')].filter(
  (name) => !name.startsWith('@relaycast/'),
);

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...new Set(external)].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
