import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Writes a PNG test picture (ffmpeg's test pattern) of the given size into `dir` and returns its path. */
export function makeTestImage(dir: string, name: string, size = '320x180'): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size}`,
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}
