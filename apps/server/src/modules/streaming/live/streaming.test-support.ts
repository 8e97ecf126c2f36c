import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_USER_SETTINGS } from '@relaycast/shared/settings';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { RtmpConfig } from '../../../config/env';
import { saveUserSettings } from '../../settings/settings.service';

/** Helpers for the live-engine tests: local RTMP sinks standing in for the platforms, and ffprobe. */

const run = promisify(execFile);
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';

export async function freePort(): Promise<number> {
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

/** The sockets of the kernel's TCP tables (IPv4 and IPv6, from /proc): local port, state (`0A` listens), inode. */
export function tcpSockets(): { localPort: number; state: string; inode: string }[] {
  const sockets: { localPort: number; state: string; inode: string }[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const port = cols[1]?.split(':')[1];
      if (port && cols[3] && cols[9])
        sockets.push({ localPort: Number.parseInt(port, 16), state: cols[3], inode: cols[9] });
    }
  }
  return sockets;
}

/** True once something listens on 127.0.0.1:port (read from /proc, so the one-shot sink is not consumed). */
function isListening(port: number): boolean {
  return tcpSockets().some((socket) => socket.localPort === port && socket.state === '0A');
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface Sink {
  port: number;
  file: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

/** `ffmpeg -listen 1 -i rtmp://127.0.0.1:<port>/app/<key> -c copy <file>`: a one-shot fake platform. */
export async function startSink(port: number, file: string, key = 'key'): Promise<Sink> {
  const child = spawn(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-listen',
      '1',
      '-timeout',
      '30',
      '-i',
      `rtmp://127.0.0.1:${port}/app/${key}`,
      '-c',
      'copy',
      '-f',
      'flv',
      file,
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await waitFor(() => isListening(port), 10_000, `sink on port ${port}`);
  return { port, file, process: child, exited };
}

export async function stopProcess(
  child: ChildProcess,
  exited: Promise<unknown>,
  signal: NodeJS.Signals = 'SIGKILL',
) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

export interface ProbeFacts {
  videoCodec: string | undefined;
  width: number | undefined;
  height: number | undefined;
  frameRate: number | undefined;
  audioCodec: string | undefined;
  sampleRate: number | undefined;
  channels: number | undefined;
  durationSeconds: number;
  keyframeTimes: number[];
}

export async function probe(file: string): Promise<ProbeFacts> {
  const { stdout } = await run(
    FFPROBE,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeout: 20_000 },
  );
  const info = JSON.parse(stdout) as {
    format: { duration?: string };
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      sample_rate?: string;
      channels?: number;
    }[];
  };
  const video = info.streams.find((s) => s.codec_type === 'video');
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  const rate =
    (video?.avg_frame_rate && video.avg_frame_rate !== '0/0' ? video.avg_frame_rate : video?.r_frame_rate) ??
    '';
  const [num, den] = rate.split('/').map(Number);
  const keyframes = await run(
    FFPROBE,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-skip_frame',
      'nokey',
      '-show_entries',
      'frame=pts_time',
      '-of',
      'csv=p=0',
      file,
    ],
    { timeout: 20_000 },
  );
  return {
    videoCodec: video?.codec_name,
    width: video?.width,
    height: video?.height,
    frameRate: num && den ? num / den : undefined,
    audioCodec: audio?.codec_name,
    sampleRate: audio?.sample_rate ? Number(audio.sample_rate) : undefined,
    channels: audio?.channels,
    durationSeconds: Number(info.format.duration ?? 0),
    keyframeTimes: keyframes.stdout
      .split('\n')
      .map((line) => Number.parseFloat(line))
      .filter((value) => Number.isFinite(value)),
  };
}

export function largestGap(times: number[]): number {
  let largest = 0;
  for (let i = 1; i < times.length; i += 1)
    largest = Math.max(largest, (times[i] ?? 0) - (times[i - 1] ?? 0));
  return largest;
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The app the live tests share: the relay on a free port, private addresses allowed (the fake platforms are
 * RTMP sinks on 127.0.0.1), Ada signed in with 720p30 at 3000 kb/s, and a scratch directory. No slate unless
 * asked (`slateGraceMs`).
 */
export async function createLiveTestApp(rtmp: Partial<RtmpConfig> = {}, prefix = 'relaycast-live-') {
  const t = await createTestApp({
    config: {
      rtmp: {
        enabled: true,
        host: '127.0.0.1',
        port: 0,
        reconnectGraceMs: 1_000,
        slateGraceMs: 0,
        slateImage: null,
        ...rtmp,
      },
      allowPrivateAddresses: true,
    },
  });

  const ada: SignedInUser = await signInAsNewUser(t, { name: 'Ada' });

  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  await saveUserSettings(t.db, ada.userId, {
    ...DEFAULT_USER_SETTINGS,
    stream: { ...DEFAULT_USER_SETTINGS.stream, resolution: '720p', bitrate: 3000, fps: 30 },
  });
  return {
    t: t as TestApp,
    ada,
    dir,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What OBS sends: a 320×180 15 fps test pattern with a tone, H.264 + AAC over RTMP, for `seconds`. */
export function publishLikeObs(url: string, seconds: number) {
  return startObs(url, seconds).exited;
}

/** publishLikeObs, with the process (to cut it off as a dropped connection would). */
export function startObs(url: string, seconds: number) {
  const obs = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
      ...['-f', 'lavfi', '-i', 'sine=sample_rate=48000', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  return { process: obs, exited: new Promise<number | null>((resolve) => obs.on('close', resolve)) };
}

/**
 * A synthetic camera as Chromium's MediaRecorder sends it: a test pattern and a tone as H.264 + Opus in live
 * Matroska on stdout, for `seconds`, at `size` (the studio's canvas) and 30 fps.
 */
export function startCamera(seconds: number, size = '640x360') {
  const camera = spawn(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=30`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '60',
      '-c:a',
      'libopus',
      '-ac',
      '2',
      '-f',
      'matroska',
      '-live',
      '1',
      '-cluster_time_limit',
      '500',
      'pipe:1',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const exited = new Promise<number | null>((resolve) => camera.on('close', resolve));
  return { camera, exited };
}
