import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fake platform: a one-shot `ffmpeg -listen 1` RTMP server that writes what it receives to an FLV file
 * (docs/streaming.md §6). It exits on its own when the publisher disconnects.
 */
export class RtmpSink {
  private process: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  readonly file: string;
  /** ffmpeg's errors, for the test's report when a check fails. */
  log = '';

  constructor(
    readonly dir: string,
    readonly name: string,
    readonly port: number,
    readonly streamKey: string,
  ) {
    this.file = path.join(dir, `${name}.flv`);
  }

  /** The destination's server URL as a user would paste it (the key goes in its own field). */
  get rtmpUrl(): string {
    return `rtmp://127.0.0.1:${this.port}/app`;
  }

  async start(): Promise<void> {
    // A ping to check whether the port is listening counts as the one connection ffmpeg serves, so
    // nothing may probe the port: give ffmpeg time to bind instead (it binds within milliseconds).
    this.process = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-listen',
        '1',
        '-i',
        `${this.rtmpUrl}/${this.streamKey}`,
        '-c',
        'copy',
        '-f',
        'flv',
        this.file,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.log += chunk.toString();
    });
    const child = this.process;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  /** Waits for ffmpeg to finish writing (it ends when the publisher leaves), killing it after `timeoutMs`. */
  async finish(timeoutMs = 15_000): Promise<void> {
    const child = this.process;
    if (!child) return;
    const timer = setTimeout(() => child.kill('SIGINT'), timeoutMs);
    const hardTimer = setTimeout(() => child.kill('SIGKILL'), timeoutMs + 5000);
    await this.exited;
    clearTimeout(timer);
    clearTimeout(hardTimer);
    this.process = null;
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
    this.process = null;
  }
}

export interface StreamProbe {
  codec: string;
  /** The first packet's timestamp. */
  start: number;
  /** Seconds between the first and the last packet. */
  span: number;
  packets: number;
}

/** ffprobe: each stream's codec and the time its packets span (FLV from ffmpeg has no reliable duration). */
/** The first video stream's size, "1280x720". */
export function videoSize(file: string): string {
  return execFileSync('ffprobe', [
    ...[
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=s=x:p=0',
    ],
    file,
  ])
    .toString()
    .trim();
}

export function probeStreams(file: string): { video: StreamProbe | null; audio: StreamProbe | null } {
  const result: { video: StreamProbe | null; audio: StreamProbe | null } = { video: null, audio: null };
  for (const kind of ['video', 'audio'] as const) {
    const selector = kind === 'video' ? 'v:0' : 'a:0';
    const codec = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      selector,
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .trim();
    if (!codec) continue;
    const times = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      selector,
      '-show_entries',
      'packet=pts_time',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .split('\n')
      .map((line) => Number.parseFloat(line))
      .filter((value) => Number.isFinite(value));
    const start = times.length > 0 ? Math.min(...times) : 0;
    const span = times.length > 1 ? Math.max(...times) - start : 0;
    result[kind] = { codec, start, span, packets: times.length };
  }
  return result;
}

/** The loudest sample (dBFS) of the audio between `from` and `to` seconds of the file's timeline. */
export function maxVolume(file: string, from: number, to: number): number {
  const output = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-ss',
      String(from),
      '-t',
      String(Math.max(0.1, to - from)),
      '-i',
      file,
      '-map',
      '0:a:0',
      '-af',
      'volumedetect',
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  return parseVolume(output.stderr);
}

function parseVolume(text: string): number {
  const match = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(text);
  if (!match?.[1] || match[1] === '-inf') return Number.NEGATIVE_INFINITY;
  return Number.parseFloat(match[1]);
}

/**
 * The last silence in the file's audio (ffmpeg silencedetect: under -50 dB for at least 1 s), in the file's
 * timestamps; `end` is null when it lasts to the end of the file.
 */
export function lastSilence(file: string): { start: number; end: number | null } | null {
  const output = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-af',
      'silencedetect=noise=-50dB:d=1',
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  const events = [...output.stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)].map((match) => ({
    kind: match[1],
    at: Number.parseFloat(match[2] ?? ''),
  }));
  const lastStart = events.findLastIndex((event) => event.kind === 'start');
  const start = events[lastStart];
  if (!start) return null;
  return { start: start.at, end: events[lastStart + 1]?.at ?? null };
}
