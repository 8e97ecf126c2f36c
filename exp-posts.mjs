import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnBuiltServer, freePort, authRequest, signInCookie } from './scripts/lib/bench-server.mjs';
import { seedSql, currentThreeWeeks } from './scripts/bench-posts.mjs';
const dataDir = process.env.EXP_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'exp-posts-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
let user;
if (!process.env.EXP_DIR) {
  const server = spawnBuiltServer({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, DATABASE_URL: '', APP_SECRET: 'bench-secret-that-is-at-least-32-characters-long', LOG_LEVEL: 'warn', RTMP_PORT: String(await freePort()), RTMP_HOST: '127.0.0.1' }, 'x');
  await server.ready(baseUrl);
  const email = 'e@example.com';
  await authRequest(baseUrl, 'sign-up/email', { name: 'Bench User', email, password: 'bench-password-1' });
  const cookie = await signInCookie(baseUrl, email, 'bench-password-1');
  const me = await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json();
  const ws = await (await fetch(`${baseUrl}/api/workspaces/current`, { headers: { cookie } })).json();
  user = { userId: me.id, workspaceId: ws.id };
  await server.stop();
}
const { PGlite } = await import('@electric-sql/pglite');
const db = await PGlite.create(path.join(dataDir, 'pglite'));
if (user) { await db.exec(seedSql(user)); console.log('dir', dataDir, JSON.stringify(user)); }
else user = (await db.query(`select w.id as "workspaceId" from workspaces w where id not like 'bench%'`)).rows[0];
const { from, to } = currentThreeWeeks();
const variants = (await import(process.env.EXP_VARIANTS ?? '/tmp/variants.mjs')).default;
for (const [name, sqlText] of Object.entries(variants)) {
  const params = [user.workspaceId, from, to, 200];
  let r;
  for (let i = 0; i < 30; i++) r = await db.query(sqlText, params);
  const n = 300; const t0 = performance.now();
  for (let i = 0; i < n; i++) await db.query(sqlText, params);
  const ms = (performance.now() - t0) / n;
  console.log(name.padEnd(20), ms.toFixed(2), 'ms', r.rows.length, 'rows', JSON.stringify(r.rows).length, 'bytes');
  if (process.env.EXP_PLAN) console.log((await db.query('explain analyze ' + sqlText.replace(/\$1/g, `'${user.workspaceId}'`).replace(/\$2/g, `'${from}'`).replace(/\$3/g, `'${to}'`).replace(/\$4/g, '200'))).rows.map(r => r['QUERY PLAN']).join('\n'));
}
await db.close();
