// Studio ingest benchmark (docs/decisions/0104-encode-once-in-the-browser.md): what a stream from the browser
// studio costs the server now that the browser encodes the video once and the server copies it, against an
// OBS-style `-c copy` RTMP stream of the same content measured in the same run, at 720p30 and 1080p30; the
// studio stream's speed against real time; and how fast the slate takes over when the source is killed
// (docs/decisions/0101-slate-on-dropped-source.md).
//
// The camera side does not encode while the server is measured: one H.264 + Opus Matroska file per format is made
// with ffmpeg first, then fed at real time (`ffmpeg -re … -c copy`) to the ingest WebSocket as the studio's
// MediaRecorder chunks, or published as FLV over RTMP the way OBS does. CPU is the built server's process and
// every process under it (the ffmpeg it starts: ingest, source reader, program, egress, recorder, slate).
//
//   node scripts/bench-studio-ingest.mjs              # writes its section of docs/benchmarks.md
//   node scripts/bench-studio-ingest.mjs --no-docs    # print only
//   BENCH_STREAM_SECONDS=20                           # measured window per round (after a 4 s warm-up)
//   BENCH_SKIP_BUILD=1                                # reuse apps/server/dist
//
// `npm run bench` calls runStudioIngestBench() from scripts/bench.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { ratioCheck, ratioTable, reportRatios, scaledGoal, timed } from './lib/baseline.mjs';
import { benchApiClient, loadLine, machineFacts, waitExit } from './lib/bench-live.mjs';
import { freePort, SERVER_ENTRY, startBuiltServer, writeBenchSection } from './lib/bench-server.mjs';
import { run } from './lib/setup.mjs';

const SECTION_TITLE = '## Studio ingest (encode once in the browser)';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const WARMUP_MS = 4_000;
const LIVE_TIMEOUT_MS = 30_000;

export const STUDIO_INGEST_BENCH = {
  /** The stream settings set for each format (PUT /api/settings) and the picture the studio says it sends. */
  formats: [
    { label: '720p30', resolution: '720p', width: 1280, height: 720, fps: 30, bitrate: 3000 },
    { label: '1080p30', resolution: '1080p', width: 1920, height: 1080, fps: 30, bitrate: 4500 },
  ],
  /** Same-run baseline (docs/decisions/0025): the OBS-style `-c copy` stream of the same file, same destination. */
  studioVsObs: {
    goal: 1.5,
    why: 'the server copies the studio’s H.264 as it copies OBS’s; only the Opus → AAC audio is extra (decision 0104)',
  },
  /**
   * Media seconds the sink receives per wall second in the studio copy rounds, reported raw (never rounded up):
   * the feeder runs at real time, so 1.000 is the most there is; within 2 % is the issue's "as many seconds as
   * were streamed".
   */
  targetDelivered: 0.98,
  /**
   * "Speed against real time, ≥ 1.0 with a margin": the server's ingest (the same ffmpeg arguments as
   * apps/server/src/modules/streaming/live/ffmpeg-args.ts buildIngestArgs, copy) run by hand on the whole file
   * as fast as it goes: media seconds per wall second. Its margin over 1 is what a busy server has to spare.
   */
  targetCapacity: 1.5,
  /** From SIGKILL of the OBS publisher to the slate's first video tag (its AVC sequence header) at the sink. */
  targetSlateMs: 2_000,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ── /proc: CPU of the server and every process under it ─────────────────────────────────────────────────────
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[1] ppid, [11] utime, [12] stime, [19] starttime (stat(5) fields 4, 14, 15, 22)
    return {
      ppid: Number(fields[1]),
      cpu: (Number(fields[11]) + Number(fields[12])) / CLK_TCK,
      start: fields[19],
    };
  } catch {
    return null;
  }
}

/** CPU seconds so far of `rootPid` and all its descendants, keyed by pid and start time (a reused pid is another process). */
function treeCpu(rootPid) {
  const stats = new Map();
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (!stat) continue;
    stats.set(Number(entry), stat);
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const tree = new Map();
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop();
    const stat = stats.get(pid);
    if (!stat) continue;
    tree.set(`${pid}:${stat.start}`, { pid, cpu: stat.cpu });
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU seconds per minute of the process tree over `windowMs`, sampled every second (a process that ends in the
 * window keeps its last sample; one that starts in it counts from zero). `everySecond` runs after each sample.
 */
async function measureTree(rootPid, windowMs, everySecond) {
  const first = treeCpu(rootPid);
  const last = new Map(first);
  const start = performance.now();
  let end = start;
  while (end - start < windowMs) {
    await sleep(Math.max(0, Math.min(1_000, windowMs - (end - start))));
    for (const [key, value] of treeCpu(rootPid)) last.set(key, value);
    end = performance.now();
    await everySecond?.();
  }
  const seconds = (end - start) / 1000;
  let total = 0;
  let server = 0;
  for (const [key, { pid, cpu }] of last) {
    const used = cpu - (first.get(key)?.cpu ?? 0);
    total += used;
    if (pid === rootPid) server += used;
  }
  const perMinute = (value) => (value / seconds) * 60;
  return {
    seconds,
    cpu: perMinute(total),
    nodeCpu: perMinute(server),
    childCpu: perMinute(total - server),
    processes: last.size - 1,
  };
}

// ── FLV at the sink ────────────────────────────────────────────────────────────────────────────────────────────
/** Calls onVideo({ timestamp, at, sequenceHeader }) for each video tag of an FLV byte stream (`at`: arrival). */
function flvVideoTags(onVideo) {
  let buffer = Buffer.alloc(0);
  let headerDone = false;
  return (chunk) => {
    const at = performance.now();
    buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
    if (!headerDone) {
      if (buffer.length < 13) return;
      buffer = buffer.subarray(13);
      headerDone = true;
    }
    while (buffer.length >= 11) {
      const size = buffer.readUIntBE(1, 3);
      if (buffer.length < 11 + size + 4) break;
      if ((buffer[0] & 0x1f) === 9 && size >= 2) {
        const timestamp = buffer.readUIntBE(4, 3) | (buffer[7] << 24);
        // AVC (codec 7) with AVCPacketType 0: a sequence header, which the program switcher writes at each switch.
        const sequenceHeader = (buffer[11] & 0x0f) === 7 && buffer[12] === 0;
        onVideo({ timestamp, at, sequenceHeader });
      }
      buffer = buffer.subarray(11 + size + 4);
    }
  };
}

/** Media seconds per wall second: the least-squares slope of the tags' timestamps over their arrival times. */
function slope(frames) {
  if (frames.length < 10) return Number.NaN;
  const n = frames.length;
  const meanAt = frames.reduce((sum, f) => sum + f.at, 0) / n;
  const meanTs = frames.reduce((sum, f) => sum + f.timestamp, 0) / n;
  let num = 0;
  let den = 0;
  for (const f of frames) {
    num += (f.at - meanAt) * (f.timestamp - meanTs);
    den += (f.at - meanAt) ** 2;
  }
  return num / den;
}

/** A local RTMP sink standing in for a platform (`ffmpeg -listen 1`), its FLV parsed as it arrives. */
async function startSink(children) {
  const port = await freePort();
  const state = { videoTags: 0, headers: [], frames: null };
  const child = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-listen', '1', '-timeout', '60'],
      ...[
        '-i',
        `rtmp://127.0.0.1:${port}/app/key`,
        '-c',
        'copy',
        '-flush_packets',
        '1',
        '-f',
        'flv',
        'pipe:1',
      ],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  children.add(child);
  child.stdout.on(
    'data',
    flvVideoTags((tag) => {
      if (tag.sequenceHeader) {
        state.headers.push(tag.at);
        return;
      }
      state.videoTags += 1;
      state.frames?.push(tag);
    }),
  );
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const listening = () =>
    ['/proc/net/tcp', '/proc/net/tcp6'].some((file) =>
      (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n').some((line) => {
        const cols = line.trim().split(/\s+/);
        return cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A';
      }),
    );
  const deadline = Date.now() + 10_000;
  while (!listening() && Date.now() < deadline) await sleep(50);
  return { port, child, state };
}

// ── the server's API ───────────────────────────────────────────────────────────────────────────────────────────
async function apiClient(url) {
  const client = await benchApiClient(url, 'bench-studio');
  const live = async () => (await client.request('GET', '/api/streaming/live')).session;
  return { ...client, live };
}

async function waitFor(check, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(250);
  }
}

/** The user's stream settings at this format: the whole settings object read, changed and sent back. */
async function useFormat(api, format) {
  const settings = await api.request('GET', '/api/settings');
  settings.stream = {
    ...settings.stream,
    resolution: format.resolution,
    fps: format.fps,
    bitrate: format.bitrate,
  };
  await api.request('PUT', '/api/settings', settings);
}

/** The one destination: a custom RTMP one pointing at a fresh sink (the previous round's removed). */
async function freshDestination(api, children) {
  const existing = await api.request('GET', '/api/streaming/destinations');
  for (const d of existing.destinations) await api.request('DELETE', `/api/streaming/destinations/${d.id}`);
  const sink = await startSink(children);
  await api.request('POST', '/api/streaming/destinations', {
    platform: 'custom',
    name: 'Bench sink',
    rtmpUrl: `rtmp://127.0.0.1:${sink.port}/app`,
    streamKey: 'key',
  });
  return sink;
}

// ── sources: the studio's socket and an OBS-style publisher ─────────────────────────────────────────────────────
/** The test file, made before anything is measured: H.264 (2 s GOP, no B-frames like Chromium's) + Opus. */
async function makeFixture(dir, format, seconds) {
  const file = path.join(dir, `studio-${format.label}.mkv`);
  const { width, height, fps, bitrate } = format;
  await timed(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${bitrate}k`, '-maxrate', `${bitrate}k`],
    ...['-bufsize', `${bitrate * 2}k`, '-g', String(fps * 2), '-keyint_min', String(fps * 2)],
    ...['-sc_threshold', '0', '-bf', '0', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'libopus', '-b:a', '128k', '-ac', '2', '-f', 'matroska', file],
  ]);
  return file;
}

/**
 * The ingest's capacity: its ffmpeg (copy: `-c:v copy`, Opus → AAC; encode: x264 at the settings, as the
 * server's buildIngestArgs) fed the whole file on stdin as fast as it reads it, to a throwaway FLV. Media
 * seconds per wall second.
 */
async function ingestCapacity(fixture, format, seconds, mode) {
  const gop = String(format.fps * 2);
  const video =
    mode === 'copy'
      ? ['-c:v', 'copy']
      : [
          ...['-vf', `scale=${format.width}:${format.height},fps=${format.fps},format=yuv420p`],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-b:v', `${format.bitrate}k`],
          ...['-maxrate', `${format.bitrate}k`, '-bufsize', `${format.bitrate * 2}k`, '-g', gop],
          ...['-keyint_min', gop, '-sc_threshold', '0'],
        ];
  const wall = await timed(FFMPEG, [
    ...[
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-fflags',
      '+genpts',
      '-f',
      'matroska',
      '-i',
      fixture,
    ],
    ...['-map', '0:v:0', '-map', '0:a:0?', ...video],
    ...['-af', 'aresample=async=1000', '-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'],
    ...['-f', 'flv', '-y', '/dev/null'],
  ]);
  return seconds / wall;
}

/** POST /api/streaming/sessions, then the file's Matroska chunks at real time over the ingest WebSocket. */
async function openStudio(server, api, fixture, query, children) {
  const session = await api.request('POST', '/api/streaming/sessions', { title: 'Bench studio' });
  const port = new URL(server.url).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${session.ingestPath}${query}`, {
    headers: { cookie: api.cookie, origin: api.origin },
  });
  socket.on('error', () => {});
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('close', (code, reason) => reject(new Error(`ingest socket closed: ${code} ${reason}`)));
  });
  const closed = { code: null, reason: '' };
  socket.on('close', (code, reason) => Object.assign(closed, { code, reason: String(reason) }));
  const feeder = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-i', fixture, '-c', 'copy'],
      ...['-f', 'matroska', '-live', '1', '-cluster_time_limit', '500', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  children.add(feeder);
  feeder.stdout.on('data', (chunk) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(chunk, { binary: true });
  });
  return {
    child: feeder,
    closed,
    stop() {
      feeder.kill('SIGKILL');
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)
        socket.terminate();
    },
  };
}

/** The same file as FLV over RTMP on the user's personal key (a fresh one each round), as OBS publishes. */
async function publishObs(server, api, fixture, children) {
  // Ending an OBS stream from the API blocks its key for a minute (the engine's guard against OBS reconnecting).
  const { streamKey } = await api.request('POST', '/api/streaming/ingest/rotate');
  const child = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-i', fixture],
      ...['-c:v', 'copy', '-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'],
      ...['-f', 'flv', `rtmp://127.0.0.1:${server.rtmpPort}/live/${streamKey}`],
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  children.add(child);
  return { child, closed: null, stop: () => child.kill('SIGKILL') };
}

// ── rounds ─────────────────────────────────────────────────────────────────────────────────────────────────────
/** The window: server tree CPU, the sink's media time against the wall clock, the session polled each second. */
async function measureRound(server, api, sink, windowMs) {
  const paces = [];
  let session = null;
  sink.state.frames = [];
  const cpu = await measureTree(server.pid, windowMs, async () => {
    session = await api.live().catch(() => null);
    if (typeof session?.ingestPace?.speed === 'number') paces.push(session.ingestPace.speed);
  });
  const frames = sink.state.frames;
  sink.state.frames = null;
  const firstFrame = frames[0];
  const lastFrame = frames.at(-1);
  return {
    ...cpu,
    frames: frames.length,
    speed: slope(frames),
    speedEnds:
      firstFrame && lastFrame && lastFrame.at > firstFrame.at
        ? (lastFrame.timestamp - firstFrame.timestamp) / (lastFrame.at - firstFrame.at)
        : Number.NaN,
    paceMean: paces.length > 0 ? paces.reduce((a, b) => a + b, 0) / paces.length : Number.NaN,
    paceMin: paces.length > 0 ? Math.min(...paces) : Number.NaN,
    status: session?.status ?? 'gone',
    ingestVideo: session?.ingestVideo ?? null,
  };
}

/** SIGKILL the publisher, then the wall time until the sink receives the slate's AVC sequence header. */
async function slateTakeover(api, source, sink) {
  const headersBefore = sink.state.headers.length;
  const killedAt = performance.now();
  source.child.kill('SIGKILL');
  const deadline = killedAt + 15_000;
  while (sink.state.headers.length === headersBefore && performance.now() < deadline) await sleep(20);
  const arrived = sink.state.headers[headersBefore];
  // Let the slate run a moment: its frames reach the sink, and the session says it shows the slate.
  const framesAtHeader = sink.state.videoTags;
  await sleep(1_500);
  const session = await api.live().catch(() => null);
  return {
    takeoverMs: arrived === undefined ? Number.NaN : arrived - killedAt,
    slateFrames: sink.state.videoTags - framesAtHeader,
    slateShown: Boolean(session?.slate),
    status: session?.status ?? 'gone',
  };
}

/** Ends the round: POST stop, the source gone, `session: null`; returns whether the sink closed by itself (10 s). */
async function endRound(api, sessionId, source, sink, children) {
  const id = sessionId ?? (await api.live().catch(() => null))?.id ?? null;
  if (id)
    await api.request('POST', `/api/streaming/sessions/${id}/stop`).catch((err) => {
      console.warn(`  could not stop session ${id}: ${err.message}`);
    });
  source?.stop();
  await waitFor(async () => (await api.live()) === null, 30_000, 'the session to end').catch((err) =>
    console.warn(`  ${err.message}`),
  );
  await waitExit(sink.child);
  const sinkClosed = sink.child.exitCode !== null || sink.child.signalCode !== null;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  return sinkClosed;
}

/** One round: a fresh sink, the source, live, warm-up, then the window (or the kill); the session ended after. */
async function runRound(server, api, { kind, query = '', fixture, windowMs, slate = false }) {
  const children = new Set();
  const sink = await freshDestination(api, children);
  let source;
  let sessionId = null;
  let figures;
  try {
    source =
      kind === 'obs'
        ? await publishObs(server, api, fixture, children)
        : await openStudio(server, api, fixture, query, children);
    const session = await waitFor(
      async () => {
        const s = await api.live();
        return s?.status === 'live' && sink.state.videoTags > 0 ? s : null;
      },
      LIVE_TIMEOUT_MS,
      `the ${kind} stream to reach the sink`,
    );
    sessionId = session.id;
    await sleep(WARMUP_MS);
    figures = slate
      ? await slateTakeover(api, source, sink)
      : await measureRound(server, api, sink, windowMs);
    // The server closing the studio's socket during the round is a failed round (the session says why).
    figures.socketClosed = source.closed?.code ?? null;
  } finally {
    const sinkClosed = await endRound(api, sessionId, source, sink, children);
    if (figures) figures.sinkClosed = sinkClosed;
  }
  return { kind, query, ...figures };
}

/** The three rounds of one format: OBS copy, studio copy (H.264 at the settings' size), studio encode (no query). */
async function formatRounds(server, api, format, fixture, windowMs) {
  await useFormat(api, format);
  const copyQuery = `?video=h264&width=${format.width}&height=${format.height}&fps=${format.fps}`;
  const plan = [
    { name: 'obs', kind: 'obs' },
    { name: 'studioCopy', kind: 'studio', query: copyQuery },
    { name: 'studioEncode', kind: 'studio', query: '' },
  ];
  const rounds = {};
  for (const { name, kind, query } of plan) {
    console.info(`  ${format.label}: ${name}…`);
    try {
      rounds[name] = await runRound(server, api, { kind, query, fixture, windowMs });
    } catch (err) {
      console.error(`  ${format.label} ${name}: ${err.message}`);
      rounds[name] = { kind, query, error: err.message };
    }
    await sleep(2_000);
  }
  return { format, ...rounds };
}

// ── report ─────────────────────────────────────────────────────────────────────────────────────────────────────
const fmt = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const corePercent = (cpuPerMinute) => (cpuPerMinute / 60) * 100;
/** A speed with 4 decimals, cut rather than rounded: a figure under a goal of 1 never prints as 1.0000. */
const speedText = (value) => (Number.isFinite(value) ? (Math.floor(value * 1e4) / 1e4).toFixed(4) : 'n/a');

/** The load average as the script started, before it ran anything of its own. */
const LOAD_BEFORE = os.loadavg();

/** Studio copy ÷ OBS copy per format: the goal that fails the run. */
function copyRatios(results) {
  return results.map((r) =>
    ratioCheck({
      name: `${r.format.label}: studio stream (copy), server CPU s/min ÷ OBS \`-c copy\` stream`,
      figure: r.studioCopy?.cpu ?? Number.NaN,
      baseline: r.obs?.cpu ?? Number.NaN,
      unit: 'CPU s/min',
      ...STUDIO_INGEST_BENCH.studioVsObs,
    }),
  );
}

/** The plain goals: the studio copy's speed (delivered, and the ingest's capacity) and the slate's takeover. */
function plainGoals(results, slate) {
  const deliveredGoal = scaledGoal(STUDIO_INGEST_BENCH.targetDelivered, 'at least');
  const capacityGoal = scaledGoal(STUDIO_INGEST_BENCH.targetCapacity, 'at least');
  const slateGoal = scaledGoal(STUDIO_INGEST_BENCH.targetSlateMs);
  const goals = results.flatMap((r) => {
    const figure = r.studioCopy?.speed ?? Number.NaN;
    // What the figure means in time: how much media the sink gained (+) or lost (−) on the wall clock.
    const drift = (figure - 1) * (r.studioCopy?.seconds ?? Number.NaN) * 1000;
    const capacity = r.capacity?.copy ?? Number.NaN;
    return [
      {
        name: `${r.format.label}: studio copy, media s received by the sink ÷ wall s (fed at real time)`,
        figure: `${speedText(figure)} (${drift >= 0 ? '+' : '−'}${fmt(Math.abs(drift), 0)} ms over ${fmt(r.studioCopy?.seconds, 1)} s)`,
        goal: `≥ ${deliveredGoal}`,
        ok: Number.isFinite(figure) && figure >= deliveredGoal,
      },
      {
        name: `${r.format.label}: the copy ingest's speed against real time, fed as fast as it reads (server encode for contrast: ×${fmt(r.capacity?.encode, 1)})`,
        figure: `×${fmt(capacity, 1)}`,
        goal: `≥ ×${capacityGoal}`,
        ok: Number.isFinite(capacity) && capacity >= capacityGoal,
      },
    ];
  });
  const takeover = slate?.takeoverMs ?? Number.NaN;
  goals.push({
    name: '720p30 OBS publisher killed → slate’s first video tag at the sink',
    figure: Number.isFinite(takeover) ? `${Math.round(takeover)} ms` : 'not measured',
    goal: `< ${slateGoal} ms`,
    ok: Number.isFinite(takeover) && takeover < slateGoal,
  });
  return goals;
}

/** Rounds that measured nothing, or where the server did not do what the round is about. */
function problemsOf(results, slate) {
  const problems = [];
  for (const r of results) {
    for (const name of ['obs', 'studioCopy', 'studioEncode']) {
      const round = r[name];
      const label = `${r.format.label} ${name}`;
      if (!round || round.error) problems.push(`${label}: ${round?.error ?? 'did not run'}`);
      else if (!(round.cpu > 0) || round.frames === 0) problems.push(`${label}: measured nothing`);
      else if (round.status !== 'live') problems.push(`${label}: the session was ${round.status} at the end`);
      else if (round.socketClosed !== null && round.socketClosed !== undefined)
        problems.push(
          `${label}: the server closed the ingest socket (${round.socketClosed}) during the window`,
        );
    }
    const copyMode = r.studioCopy?.ingestVideo?.mode;
    if (r.studioCopy && !r.studioCopy.error && copyMode !== 'copy')
      problems.push(`${r.format.label} studio copy: ingestVideo ${JSON.stringify(r.studioCopy.ingestVideo)}`);
    const encodeMode = r.studioEncode?.ingestVideo?.mode;
    if (r.studioEncode && !r.studioEncode.error && encodeMode !== 'encode')
      problems.push(
        `${r.format.label} studio encode: ingestVideo ${JSON.stringify(r.studioEncode.ingestVideo)}`,
      );
  }
  if (!slate || slate.error) problems.push(`slate: ${slate?.error ?? 'did not run'}`);
  else if (!slate.slateShown) problems.push('slate: the session did not say it showed the slate');
  return problems;
}

const modeText = (round) =>
  round?.ingestVideo
    ? `${round.ingestVideo.mode}${round.ingestVideo.reason ? ` (${round.ingestVideo.reason})` : ''}`
    : '—';

function roundRow(label, name, round, obs) {
  if (!round || round.error)
    return `| ${label} | ${name} | — | failed: ${round?.error ?? 'did not run'} | | | | | |`;
  const ratio = obs?.cpu > 0 ? `${fmt(round.cpu / obs.cpu)}×` : 'n/a';
  const speed =
    round.kind === 'studio'
      ? `${speedText(round.speed)} / ${speedText(round.speedEnds)} / ${fmt(round.paceMean, 3)} (min ${fmt(round.paceMin, 3)})`
      : `${speedText(round.speed)} / ${speedText(round.speedEnds)} / —`;
  return `| ${label} | ${name} | ${modeText(round)} | **${fmt(round.cpu)}** | ${fmt(corePercent(round.cpu), 1)} % | ${fmt(round.nodeCpu)} | ${fmt(round.childCpu)} (${round.processes}) | ${ratio} | ${speed} |`;
}

function markdownSection({ results, slate, machine, windowSeconds, date }) {
  const rows = results.flatMap((r) => [
    roundRow(r.format.label, 'OBS-style RTMP, `-c copy`', r.obs, r.obs),
    roundRow(r.format.label, 'studio, H.264 said (copy)', r.studioCopy, r.obs),
    roundRow(r.format.label, 'studio, nothing said (server encode)', r.studioEncode, r.obs),
  ]);
  const goals = plainGoals(results, slate);
  const goalRows = goals.map(
    (g) => `| ${g.name} | ${g.figure} | ${g.goal} | ${g.ok ? 'met' : '**not met**'} |`,
  );
  const slateText = slate?.error
    ? `failed: ${slate.error}`
    : `${fmt(slate?.takeoverMs, 0)} ms (${slate?.slateFrames ?? 0} slate frames at the sink in the next 1.5 s; the session ${slate?.slateShown ? 'said it showed the slate' : '**did not say it showed the slate**'}; after POST …/stop the sink ${slate?.sinkClosed ? 'closed by itself' : '**did not close within 10 s**'})`;
  return `${SECTION_TITLE}

${date}. What a stream from the browser studio costs the server since the browser encodes it once and the server
copies the H.264 (docs/decisions/0104-encode-once-in-the-browser.md), against an OBS-style stream of the same file
in the same run. One H.264 (x264 veryfast, 2 s GOP, no B-frames like Chromium's, at the settings' bitrate) + Opus
Matroska file per format is made first; it is then fed at real time by \`ffmpeg -re -i … -c copy -f matroska -live 1\`
to the ingest WebSocket (\`POST /api/streaming/sessions\`, the session cookie, the studio's query
\`?video=h264&width=…&height=…&fps=30\`), or published as FLV over RTMP on the personal key (\`-c:v copy -c:a aac\`),
so nothing on the camera side encodes while the server is measured. The stream settings are set to the format
(\`PUT /api/settings\`: 720p/3000 kbps or 1080p/4500 kbps, 30 fps); one custom RTMP destination, a local
\`ffmpeg -listen 1\` sink, fresh each round. **Server CPU** is the built server (\`node apps/server/dist/server.js\`)
and every process under it (ingest, source reader, program, egress, recorder ffmpeg), utime + stime from
\`/proc/<pid>/stat\` walked by parent pid, over a ${fmt(windowSeconds, 0)} s window after a 4 s warm-up, **extrapolated to CPU
seconds per minute**. The third round opens the socket with no query: the server then encodes the video
(\`ingestVideo\` \`encode (unknown)\`), for contrast.

Capacity: the ingest's own ffmpeg (copy, or the server encode for contrast) run by hand on the whole file, fed as
fast as it reads it: media seconds per wall second, in the goals below.

Speed: media seconds the sink received per wall second in the window, the least-squares slope of the sink's FLV
video timestamps over their arrival times / the same from the window's first and last tag / the session's
\`ingestPace.speed\` polled each second (mean, min). Raw figures, cut (never rounded up) to 4 decimals.

| format | round | \`ingestVideo\` | server CPU s/min (all) | % of one core | node | ffmpeg under it (processes) | ÷ OBS | speed: sink slope / sink ends / ingestPace |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Studio copy against the OBS stream measured in the same run (the ratio goal fails the run):

${ratioTable(copyRatios(results))}

Goals:

| goal | figure | goal | |
|---|---|---|---|
${goalRows.join('\n')}

Slate takeover (docs/decisions/0101-slate-on-dropped-source.md): the 720p30 OBS-style publisher killed with SIGKILL
mid-stream; the time from the kill to the sink receiving the first AVC sequence header after it (the program
switcher writes one at each switch): ${slateText}.

Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memory}, ${machine.system}, Node.js ${machine.node}, ${machine.ffmpeg}.
${loadLine(LOAD_BEFORE)}

\`\`\`sh
node scripts/bench-studio-ingest.mjs    # or npm run bench; BENCH_STREAM_SECONDS=20 sets the window
\`\`\`
`;
}

export function writeStudioIngestSection(section) {
  writeBenchSection(SECTION_TITLE, section);
}

/** Everything against one server: the three rounds per format, then the slate round at 720p30. */
async function runAll(fixtures, windowMs) {
  const server = await startBuiltServer({
    tmpPrefix: 'relaycast-bench-studio-',
    // The sinks are on 127.0.0.1 (docs/decisions/0014); as bench-streaming.mjs.
    env: { STREAM_RECONNECT_GRACE_SECONDS: '1', ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  const results = [];
  let slate;
  try {
    const api = await apiClient(server.url);
    for (const format of STUDIO_INGEST_BENCH.formats)
      results.push(await formatRounds(server, api, format, fixtures.get(format.label), windowMs));
    const format = STUDIO_INGEST_BENCH.formats[0];
    console.info(`  ${format.label}: slate takeover…`);
    await useFormat(api, format);
    try {
      slate = await runRound(server, api, { kind: 'obs', fixture: fixtures.get(format.label), slate: true });
    } catch (err) {
      console.error(`  slate: ${err.message}`);
      slate = { error: err.message };
    }
  } finally {
    await server.stop();
  }
  return { results, slate };
}

export async function runStudioIngestBench({ build = !process.env.BENCH_SKIP_BUILD, writeDocs = true } = {}) {
  const windowMs = Number(process.env.BENCH_STREAM_SECONDS ?? 20) * 1000;
  console.info('\n▶ studio ingest benchmark (encode once in the browser)');
  if (build) {
    const code = await run('npm', ['run', 'build', '--silent', '-w', '@relaycast/server']);
    if (code !== 0) throw new Error('the server build failed');
  }
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build the server first`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relaycast-bench-studio-media-'));
  let outcome;
  try {
    // Long enough for going live, the warm-up and the window, with room to spare: the file must not end first.
    const seconds = Math.ceil((WARMUP_MS + windowMs) / 1000) + 30;
    const fixtures = new Map();
    const capacities = new Map();
    for (const format of STUDIO_INGEST_BENCH.formats) {
      console.info(`  making the ${format.label} test file (${seconds} s)…`);
      const fixture = await makeFixture(dir, format, seconds);
      fixtures.set(format.label, fixture);
      const copy = await ingestCapacity(fixture, format, seconds, 'copy');
      const encode = await ingestCapacity(fixture, format, seconds, 'encode');
      capacities.set(format.label, { copy, encode });
      console.info(`  ${format.label}: ingest capacity ×${fmt(copy, 1)} copy, ×${fmt(encode, 2)} encode`);
    }
    outcome = await runAll(fixtures, windowMs);
    for (const result of outcome.results) result.capacity = capacities.get(result.format.label);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { results, slate } = outcome;
  const section = markdownSection({
    results,
    slate,
    machine: machineFacts(FFMPEG),
    windowSeconds: windowMs / 1000,
    date: new Date().toISOString().slice(0, 10),
  });
  console.info(section);
  if (writeDocs) writeStudioIngestSection(section);
  const problems = problemsOf(results, slate);
  for (const problem of problems) console.error(`  studio ingest: ${problem}`);
  const ratios = copyRatios(results);
  const ratiosOk = reportRatios('studio ingest', ratios);
  const goals = plainGoals(results, slate);
  for (const g of goals)
    console.info(`  studio ingest: ${g.name}: ${g.figure} (goal ${g.goal}): ${g.ok ? 'met' : 'NOT MET'}`);
  const ok = ratiosOk && goals.every((g) => g.ok) && problems.length === 0;
  return { results, slate, section, ok, ratios, goals, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runStudioIngestBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(result.ok ? 0 : 1);
}
