// `npm start`: install what is missing, build, then run the server (migrations are applied at start).
import { serverProcessEnv } from './lib/server-env.mjs';
import { ensureDependencies, offerFfmpeg, ROOT, run } from './lib/setup.mjs';

await ensureDependencies();
offerFfmpeg();
console.info('Building Relaycast…');
const built = await run('npm', ['run', 'build', '--silent']);
if (built !== 0) process.exit(built);

const { spawn } = await import('node:child_process');
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: serverProcessEnv({ NODE_ENV: 'production', ...process.env }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
