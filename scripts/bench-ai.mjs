// AI assistant benchmark (docs/decisions/0006-ai-assistant.md): time to the first token through the server against an instant local
// provider, next to the same request sent to the provider directly (the same-run baseline, decision 0025).
//
//   node scripts/bench-ai.mjs              # writes its section of docs/benchmarks.md
//   node scripts/bench-ai.mjs --no-docs    # print only
//   BENCH_AI_RUNS=40 BENCH_GOAL_SCALE=0.01 # runs per side; tighten the ratio goal to see the run fail
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeAiProvider } from './ai-provider.fake.mjs';
import {
  assertMeasured,
  calibratedCheck,
  calibratedTable,
  ratioCheck,
  ratioTable,
  reportCalibrated,
  reportRatios,
} from './lib/baseline.mjs';
import { SERVER_ENTRY, startBuiltServer, writeBenchSection } from './lib/bench-server.mjs';
import { findChromium } from './lib/setup.mjs';

const _ROOT = path.resolve(import.meta.dirname, '..');
const SECTION_TITLE = '## AI assistant (time to first token)';
export const AI_BENCH = {
  /**
   * Absolute target on the time added, judged against the provider called directly in the same run
   * (calibratedCheck): its first token took 1.5 ms (median) on docs/benchmarks.md's host of 2026-11-25 (2 cores,
   * Node 20.20.2), where the target was met (11.8 ms added).
   */
  targetOverheadMs: 50,
  referenceDirectMs: 1.5,
  /** An odd number of runs, so the median is one of them. */
  runs: Number(process.env.BENCH_AI_RUNS ?? 41),
  browserRuns: 7,
  /**
   * Same-run baseline (docs/decisions/0025): the same streaming request sent straight to the local provider.
   * Through the server it adds the session, the limit check and history row, the AI SDK and the SSE relay.
   */
  throughVsDirect: {
    goal: 10,
    why: "issue 41's goal (10.7× when it was filed): the server adds the session, the limit check and history row, the AI SDK and SSE to a provider ~1-2 ms away on localhost; 7.3-9.1× in the recorded runs of 2026-11-28 to 2026-11-30 and 8.28× on 2026-11-30's EPYC host",
  },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

async function signIn(url) {
  const email = `bench-ai-${Date.now()}@example.com`;
  const password = 'bench-password-123';
  const post = (endpoint, body) =>
    fetch(`${url}/api/auth/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(body),
    });
  await post('sign-up/email', { name: 'Bench AI', email, password });
  const res = await post('sign-in/email', { email, password });
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Milliseconds from sending the request until a chunk containing `marker` arrives; the rest is drained. */
async function timeToMarker(url, init, marker) {
  const started = performance.now();
  const response = await fetch(url, init);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  let firstAt = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
    if (firstAt === null && seen.includes(marker)) firstAt = performance.now() - started;
  }
  if (firstAt === null) throw new Error(`no ${marker} in: ${seen.slice(0, 300)}`);
  return firstAt;
}

async function measureBrowser(serverUrl, cookie) {
  const executablePath = findChromium() ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const times = [];
  try {
    const context = await browser.newContext();
    const host = new URL(serverUrl).hostname;
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name, value: rest.join('='), domain: host, path: '/' };
      }),
    );
    const page = await context.newPage();
    for (let i = 0; i < AI_BENCH.browserRuns + 1; i += 1) {
      await page.goto(`${serverUrl}/create-post`);
      const assistant = page.getByRole('region', { name: 'AI assistant' });
      await assistant.getByLabel('What should the post say?').fill('Announce our oat latte');
      await assistant.getByRole('button', { name: 'Generate', exact: true }).waitFor();
      // Measured inside the page: the click and the first token appearing in the DOM, on the page's own clock.
      const elapsed = await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            setTimeout(() => reject(new Error('no token shown within 10 s')), 10_000);
            const region = [...document.querySelectorAll('section')].find((s) =>
              s.querySelector('h2')?.textContent?.includes('AI assistant'),
            );
            const button = [...region.querySelectorAll('button')].find(
              (b) => b.textContent?.trim() === 'Generate',
            );
            let started = 0;
            const observer = new MutationObserver(() => {
              // With an instant provider React may batch every token into one render, straight to the
              // editable textarea: the first token is shown in whichever of the two appears first.
              const output = region.querySelector('output');
              const editable = region.querySelector('textarea[aria-label^="Text for"]');
              if (output?.textContent?.includes('Fresh') || editable?.value.includes('Fresh')) {
                observer.disconnect();
                resolve(performance.now() - started);
              }
            });
            observer.observe(region, { subtree: true, childList: true, characterData: true });
            started = performance.now();
            button.click();
          }),
      );
      if (i > 0) times.push(elapsed); // the first run loads the page's chunks
      await assistant.getByRole('textbox', { name: /^Text for / }).waitFor();
    }
  } finally {
    await browser.close();
  }
  return { times, median: median(times), worst: Math.max(...times), version: browser.version?.() };
}

function markdownSection(figures) {
  const { direct, through, overheadMedian, overheadP95, browser, ratios, absolute, date } = figures;
  return `${SECTION_TITLE}

\`POST /api/ai/generate\` for one platform, signed in, against the built server
(\`node apps/server/dist/server.js\`, \`NODE_ENV=production\`, embedded PGlite), with the provider a local
OpenAI-compatible fake (\`scripts/ai-provider.fake.mjs\`) that streams its first token at once. "Direct" sends the
same kind of streaming chat completion straight to the fake; "through the server" is the time from sending
Generate to the first \`delta\` event. Their difference is what Relaycast adds: the session and workspace lookups,
the provider settings, the hourly-limit check and the history row (one transaction), building the prompt,
the AI SDK and the SSE relay. ${AI_BENCH.runs} runs each after 5 warm-up requests, one at a time.

- Command: \`npm run bench\` (this section alone: \`node scripts/bench-ai.mjs\`)
- Measured: ${date}
- Machine: ${os.availableParallelism()} CPUs, Node ${process.version}

| figure | median | p95 |
| --- | --- | --- |
| first token, provider direct | ${ms(median(direct))} | ${ms(percentile(direct, 95))} |
| first token, through the server | ${ms(median(through))} | ${ms(percentile(through, 95))} |
| **added by the server** | **${ms(overheadMedian)}** | ${ms(overheadP95)} |
${browser ? `| Generate click to first token shown in the browser (${browser.times.length} runs, headless Chromium) | ${ms(browser.median)} | worst ${ms(browser.worst)} |\n` : ''}
Target: under ${AI_BENCH.targetOverheadMs} ms added (median) on the reference host, scaled by the provider called directly in
this run against its ${AI_BENCH.referenceDirectMs} ms there; it fails the run when missed:

${calibratedTable(absolute)}

Baseline in the same run: the provider called directly (first row). The ratio goal fails the run:

${ratioTable(ratios)}
`;
}

function writeSection(section) {
  writeBenchSection(SECTION_TITLE, section);
}

export async function runAiBench({ writeDocs = true } = {}) {
  console.info('\n▶ AI assistant benchmark (time to first token)');
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build the server first`);
  const fake = await startFakeAiProvider();
  const server = await startBuiltServer({
    env: {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'bench-model',
      AI_HOURLY_LIMIT: '100000',
    },
    tmpPrefix: 'relaycast-bench-ai-',
  });
  try {
    const cookie = await signIn(server.url);
    const direct = [];
    const through = [];
    const directRequest = () =>
      timeToMarker(
        `${fake.baseUrl}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'bench-model',
            stream: true,
            messages: [{ role: 'user', content: 'Hi' }],
          }),
        },
        '"content":"Fresh',
      );
    const serverRequest = () =>
      timeToMarker(
        `${server.url}/api/ai/generate`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, cookie },
          body: JSON.stringify({ prompt: 'Announce our oat latte', platforms: ['bluesky'] }),
        },
        '"type":"delta"',
      );
    for (let i = 0; i < 5; i += 1) {
      await directRequest();
      await serverRequest();
    }
    for (let i = 0; i < AI_BENCH.runs; i += 1) {
      direct.push(await directRequest());
      through.push(await serverRequest());
    }
    assertMeasured('AI first token', direct.length > 0 && through.length > 0, 'no run completed');
    const overheads = through.map((value, i) => value - (direct[i] ?? 0));
    const ratios = [
      ratioCheck({
        name: 'first token through the server, median ÷ provider direct, median',
        figure: median(through),
        baseline: median(direct),
        unit: 'ms',
        ...AI_BENCH.throughVsDirect,
      }),
    ];
    const ratiosOk = reportRatios('AI', ratios);
    const absolute = [
      calibratedCheck({
        name: 'time added by the server to the first token, median',
        figure: median(through) - median(direct),
        unit: 'ms',
        goal: AI_BENCH.targetOverheadMs,
        calibration: {
          name: 'first token, provider called directly, median',
          value: median(direct),
          reference: AI_BENCH.referenceDirectMs,
          unit: 'ms',
          faster: 'lower',
        },
        why: "the issue's target",
      }),
    ];
    const absoluteOk = reportCalibrated('AI', absolute);
    const browser = await measureBrowser(server.url, cookie);
    const figures = {
      direct,
      through,
      overheadMedian: median(through) - median(direct),
      overheadP95: percentile(overheads, 95),
      browser,
      ratios,
      absolute,
      date: new Date().toISOString().slice(0, 10),
    };
    const section = markdownSection(figures);
    if (writeDocs) writeSection(section);
    console.info(
      `first token direct ${ms(median(direct))}, through the server ${ms(median(through))}: ` +
        `added ${ms(figures.overheadMedian)}` +
        (browser ? `; browser Generate → first token ${ms(browser.median)}` : ''),
    );
    return { ...figures, ok: ratiosOk && absoluteOk, section };
  } finally {
    await server.stop();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runAiBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(result.ok ? 0 : 1);
}
