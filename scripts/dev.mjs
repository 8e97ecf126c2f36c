// `npm run dev`: the API with reload (tsx watch) on PORT (3000) and Vite with hot reload on 5173.
import { spawn } from 'node:child_process';
import { ensureDependencies, ROOT } from './lib/setup.mjs';

await ensureDependencies();
const env = { NODE_ENV: 'development', LOG_LEVEL: 'info', ...process.env };
const port = env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...env,
      PUBLIC_URL: env.PUBLIC_URL ?? 'http://localhost:5173',
      TRUSTED_ORIGINS: `http://localhost:${port}`,
    },
  }),
  spawn('npx', ['vite', '--host', 'localhost'], {
    cwd: `${ROOT}/apps/web`,
    stdio: 'inherit',
    env: { ...env, RELAYCAST_API_URL: `http://localhost:${port}` },
  }),
];
console.info('Relaycast dev: open http://localhost:5173 (API on http://localhost:%s)', port);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());
