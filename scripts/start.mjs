// `npm start`: install what is missing, build, then run the server (migrations are applied at start) and keep it
// running: a server that dies is started again with backoff (scripts/lib/supervise.mjs, docs/decisions/0057).
import { spawn } from 'node:child_process';
import { serverProcessEnv } from './lib/server-env.mjs';
import { ensureDependencies, offerFfmpeg, ROOT, run } from './lib/setup.mjs';
import { supervise } from './lib/supervise.mjs';

await ensureDependencies();
offerFfmpeg();
console.info('Building Relaycast…');
const built = await run('npm', ['run', 'build', '--silent']);
if (built !== 0) process.exit(built);

const server = supervise(() =>
  spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: serverProcessEnv({ NODE_ENV: 'production', ...process.env }),
  }),
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
process.exit(await server.done);
