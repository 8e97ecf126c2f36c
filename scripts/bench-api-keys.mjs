// API-key request benchmark (docs/public-api.md): what authenticating by API key costs over the session cookie. The built
// server on a fresh PGlite database; one user with a session and a read key; the same route twice:
// `GET /api/v1/accounts` with the key and `GET /api/accounts` with the cookie, one request at a time, interleaved
// (so both see the same machine), after a warm-up. Goal: the key's median adds under 2 ms over the cookie's.
// The cookie request is the same-run baseline (docs/decisions/0025).
//
//   node scripts/bench-api-keys.mjs              # writes its section of docs/benchmarks.md (needs `npm run build`)
//   node scripts/bench-api-keys.mjs --no-docs    # print only
//
// `npm run bench` calls runApiKeyBench() from scripts/bench.mjs.
import { pathToFileURL } from 'node:url';
import {
  assertMeasured,
  calibratedCheck,
  calibratedTable,
  percentile,
  ratioCheck,
  ratioTable,
  reportCalibrated,
  reportRatios,
} from './lib/baseline.mjs';
import { authRequest, signInCookie, startBuiltServer, writeBenchSection } from './lib/bench-server.mjs';

const SECTION_TITLE = '## API key requests (public API)';
export const API_KEY_BENCH = {
  /** Measured pairs after the warm-up: an odd number, so each p50 is one of them. */
  requests: 1_001,
  warmup: 100,
  /**
   * Absolute goal on the time the key adds; it is judged against the session request's p50 on the same route in
   * the same run (calibratedCheck): 1.47 ms on docs/benchmarks.md's host (2 AMD EPYC cores, Node 20.20.2, the
   * run of 2026-11-25), where the goal was met.
   */
  maxExtraMs: 2,
  referenceSessionP50Ms: 1.47,
  goals: {
    keyVsCookie: {
      goal: 1.5,
      why: 'the key lookup is one indexed statement like the session lookup, plus the URL rewrite and the RateLimit headers; more than 1.5× means an extra statement or a slow hash crept in',
    },
  },
};

async function timed(url, headers) {
  const at = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - at;
}

export async function runApiKeyBench({ writeDocs = true } = {}) {
  // The API-key rate limit (120 a minute) is per user, shared by all their keys: each block of 100 requests
  // uses the key of a user of its own. The session requests are the first user's.
  const server = await startBuiltServer({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    tmpPrefix: 'relaycast-bench-keys-',
  });
  try {
    const password = 'bench-password-1';
    const keys = [];
    const cookies = [];
    const perKey = 100;
    const needed = Math.ceil((API_KEY_BENCH.requests + API_KEY_BENCH.warmup) / perKey);
    for (let i = 0; i < needed; i += 1) {
      const email = `bench-keys-${Date.now()}-${i}@example.com`;
      await authRequest(server.url, 'sign-up/email', { name: 'Bench', email, password });
      const userCookie = await signInCookie(server.url, email, password);
      cookies.push(userCookie);
      const res = await fetch(`${server.url}/api/api-keys`, {
        method: 'POST',
        headers: { cookie: userCookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `bench ${i}`, scopes: ['read'] }),
      });
      if (res.status !== 201) throw new Error(`creating a key answered ${res.status}: ${await res.text()}`);
      keys.push((await res.json()).secret);
    }
    const cookie = cookies[0];
    const keyFor = (n) => ({ authorization: `Bearer ${keys[Math.floor(n / perKey)]}` });
    const withKey = [];
    const withCookie = [];
    for (let n = 0; n < API_KEY_BENCH.warmup + API_KEY_BENCH.requests; n += 1) {
      const keyMs = await timed(`${server.url}/api/v1/accounts`, keyFor(n));
      const cookieMs = await timed(`${server.url}/api/accounts`, { cookie });
      if (n >= API_KEY_BENCH.warmup) {
        withKey.push(keyMs);
        withCookie.push(cookieMs);
      }
    }
    assertMeasured('api keys', withKey.length > 0 && withCookie.length > 0, 'no request completed');
    const keyP50 = percentile(withKey, 50);
    const cookieP50 = percentile(withCookie, 50);
    const extra = keyP50 - cookieP50;
    const absolute = [
      calibratedCheck({
        name: 'added by the key, p50',
        figure: extra,
        unit: 'ms',
        goal: API_KEY_BENCH.maxExtraMs,
        calibration: {
          name: 'session request on the same route, p50',
          value: cookieP50,
          reference: API_KEY_BENCH.referenceSessionP50Ms,
          unit: 'ms',
          faster: 'lower',
        },
        why: "the issue's goal",
      }),
    ];
    const checks = [
      ratioCheck({
        name: 'API-key request p50 ÷ session request p50 (same route)',
        figure: keyP50,
        baseline: cookieP50,
        unit: 'ms',
        ...API_KEY_BENCH.goals.keyVsCookie,
      }),
    ];
    console.info(
      `  api keys: key p50 ${keyP50.toFixed(2)} ms, cookie p50 ${cookieP50.toFixed(2)} ms, extra ${extra.toFixed(2)} ms`,
    );
    const ratiosOk = reportRatios('api keys', checks);
    const ok = reportCalibrated('api keys', absolute) && ratiosOk;
    if (writeDocs) {
      writeBenchSection(
        SECTION_TITLE,
        `${SECTION_TITLE}

\`node scripts/bench-api-keys.mjs\` (also run by \`npm run bench\`), ${new Date().toISOString().slice(0, 10)}: the built
server on PGlite, ${API_KEY_BENCH.requests.toLocaleString('en-US')} requests of each kind one at a time, interleaved,
after ${API_KEY_BENCH.warmup} warm-up pairs: \`GET /api/v1/accounts\` with an API key and \`GET /api/accounts\` with the
session cookie (every 100 requests the key of another user, to stay under the per-user rate limit).

| figure | value | goal |
| --- | --- | --- |
| API-key request, p50 | ${keyP50.toFixed(2)} ms | |
| session request, p50 | ${cookieP50.toFixed(2)} ms | |
| added by the key, p50 | ${extra.toFixed(2)} ms | below |
| API-key request, p99 | ${percentile(withKey, 99).toFixed(2)} ms | |
| session request, p99 | ${percentile(withCookie, 99).toFixed(2)} ms | |

${ratioTable(checks)}

${calibratedTable(absolute)}
`,
      );
    }
    return { ok, keyP50, cookieP50, extra };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runApiKeyBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(result.ok ? 0 : 1);
}
