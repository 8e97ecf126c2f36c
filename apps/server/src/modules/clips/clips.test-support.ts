import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The known shape of the synthetic highlight video (clips.test.ts). */
export const HIGHLIGHT_VIDEO = {
  durationSeconds: 60,
  /** Hard cuts between four different pictures. */
  cuts: [15, 35, 50],
  /** The sound: a quiet tone, loud from 20 s to 30 s, silent from 40 s to 50 s. */
  loud: [20, 30] as const,
  silent: [40, 50] as const,
};

/**
 * Writes a 60 s, 160×120, 10 fps H.264/AAC video into `dir`: testsrc2 (0–15 s), red (15–35 s), testsrc (35–50 s),
 * blue (50–60 s); a 440 Hz tone at 2% volume, at 80% from 20 s to 30 s, silent from 40 s to 50 s.
 */
export function makeHighlightVideo(dir: string): Buffer {
  const file = path.join(dir, 'highlights.mp4');
  const picture = (source: string, seconds: number) => [
    '-f',
    'lavfi',
    '-i',
    `${source}${source.includes('=') ? ':' : '='}s=160x120:r=10:d=${seconds}`,
  ];
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...picture('testsrc2', 15),
      ...picture('color=c=red', 20),
      ...picture('testsrc', 15),
      ...picture('color=c=blue', 10),
      ...['-f', 'lavfi', '-i'],
      "aevalsrc='if(between(t,20,30),0.8,if(between(t,40,50),0,0.02))*sin(2*PI*440*t)':s=22050:d=60",
      ...['-filter_complex', '[0:v][1:v][2:v][3:v]concat=n=4:v=1:a=0[v]', '-map', '[v]', '-map', '4:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ],
    { stdio: 'pipe' },
  );
  return readFileSync(file);
}

/** The known shape of the synthetic speech video (clips-transcript.test.ts). */
export const SPEECH_VIDEO = {
  durationSeconds: 30,
  /** espeak-ng speaks from 10 s for about six seconds; the rest is silent. */
  speechStart: 10,
  text: 'Hello world. This is a test of the speech recognition. Thank you very much.',
};

/**
 * Writes a 30 s, 160×120, 10 fps H.264/AAC video into `dir`: testsrc2 without cuts, silent but for espeak-ng
 * saying `SPEECH_VIDEO.text` from 10 s. Returns the file and where the speech ends (seconds).
 */
export function makeSpeechVideo(dir: string): { video: Buffer; speechEnd: number } {
  const speech = path.join(dir, 'speech.wav');
  const file = path.join(dir, 'speech.mp4');
  execFileSync('espeak-ng', ['-w', speech, SPEECH_VIDEO.text], { stdio: 'pipe' });
  const spoken = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', speech])
      .toString()
      .trim(),
  );
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=s=160x120:r=10:d=${SPEECH_VIDEO.durationSeconds}`, '-i', speech],
      ...[
        '-af',
        `adelay=${SPEECH_VIDEO.speechStart * 1000}:all=1,apad`,
        '-t',
        String(SPEECH_VIDEO.durationSeconds),
      ],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-ar',
        '22050',
        file,
      ],
    ],
    { stdio: 'pipe' },
  );
  return { video: readFileSync(file), speechEnd: SPEECH_VIDEO.speechStart + spoken };
}
