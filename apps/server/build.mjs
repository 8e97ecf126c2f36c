// Bundles the server into dist/server.js and the operator commands into dist/cli/. Workspace packages (TypeScript sources) are bundled in; every npm
// dependency, the server's and the workspace packages' alike, stays external and is loaded from node_modules
// at run time (so no CommonJS code ends up inside this ES module).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const readDeps = (url) =>
  Object.keys(JSON.parse(readFileSync(new URL(url, import.meta.url), 'utf8')).dependencies);
const external = [...readDeps('./package.json'), ...readDeps('../../packages/shared/package.json')].filter(
  (name) => !name.startsWith('@relaycast/'),
);

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...new Set(external)].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['src/server.ts'], outfile: 'dist/server.js' });
// The operator commands, runnable where tsx is not installed (the container image: docs/docker.md):
// `node apps/server/dist/cli/backup.js backup`, `… restore <file>`, `node apps/server/dist/cli/admin.js …`, and
// `node apps/server/dist/cli/migrate.js`, which the server itself runs before it starts (src/db/migrate-child.ts).
await build({
  ...common,
  entryPoints: { backup: 'src/cli/backup.ts', admin: 'src/cli/admin.ts', migrate: 'src/cli/migrate.ts' },
  outdir: 'dist/cli',
});
