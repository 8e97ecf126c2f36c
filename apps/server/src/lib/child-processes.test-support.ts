import { writeFileSync } from 'node:fs';
import { spawnChild, useChildRegistry } from './child-processes';

/**
 * Run as its own process by child-processes.test.ts: a server stand-in that writes a temporary file, starts a
 * long ffmpeg through spawnChild and prints its pid once ffmpeg runs. argv: registry folder, temporary file, `die-with-parent`
 * or `registry-only`, and `wait` (stay until killed) or `exit` (exit at once, the way a shutdown ends).
 */
const [registryDir, tempFile, wrapping, ending] = process.argv.slice(2);
useChildRegistry(registryDir ?? null, { dieWithParent: wrapping === 'die-with-parent' });
writeFileSync(tempFile ?? '', 'partial export');
const ffmpeg = spawnChild(
  process.env.FFMPEG_PATH ?? 'ffmpeg',
  ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'anullsrc=r=8000', '-f', 'null', '-'],
  { stdio: ['ignore', 'pipe', 'pipe'], tempPaths: [tempFile ?? ''] },
);
ffmpeg.stdout.resume();
// ffmpeg's first words say it runs: setpriv has set its death signal and handed over by then.
ffmpeg.stderr.once('data', () => {
  ffmpeg.stderr.resume();
  process.stdout.write(`${ffmpeg.pid}\n`);
  if (ending === 'exit') process.exit(0);
});
setInterval(() => {}, 60_000);
