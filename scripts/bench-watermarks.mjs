// Watermark benchmark (docs/watermarks.md): a 60-second 1080p30 video (testsrc2, H.264 ultrafast, AAC; made with
// ffmpeg's lavfi sources and cached in the temp folder) watermarked with a 400×200 PNG at the bottom right, 20 %
// wide, 70 % opaque:
//   - the product's command (watermarkArgs from apps/server/src/modules/watermarks/watermark-ffmpeg.ts, run by
//     runProcess as the publish step runs it) against the recipe typed by hand (the same filter graph and
//     encoder, without the product's `+faststart`); goal: under 5 % (the ratio of the medians of five runs each, in pairs whose order alternates).
//
//   node scripts/bench-watermarks.mjs              # writes its section of docs/benchmarks.md
//   node scripts/bench-watermarks.mjs --no-docs    # print only
//   BENCH_GOAL_SCALE=0.01                          # tighten the goal 100× to see the run fail (exit 1)
//
// `npm run bench` calls runWatermarkBench() from scripts/bench.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import {
  alternatedRuns,
  assertMeasured,
  ratioCheck,
  ratioTable,
  reportRatios,
  timed,
} from './lib/baseline.mjs';
import { writeBenchSection } from './lib/bench-server.mjs';
import { ROOT } from './lib/setup.mjs';

const SECTION_TITLE = '## Watermark (one 1080p video)';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const CACHE_DIR = path.join(os.tmpdir(), 'relaycast-bench-watermarks');

export const WATERMARK_BENCH = {
  seconds: 60,
  width: 1920,
  height: 1080,
  rate: 30,
  /** Five (an odd number); each pair's order alternates (alternatedRuns), so neither side always runs first. */
  runs: 5,
  placement: { opacity: 70, size: 20, position: 'bottom-right', margin: 3 },
  goal: {
    goal: 1.05,
    why: 'the product runs the recipe a person would type, adding only `-nostdin`, stream maps and `+faststart` (a second pass over the written file)',
  },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value, digits = 1) => value.toFixed(digits);
const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

/** The input video and the mark, made once and kept in the temp folder. */
async function inputs() {
  const { seconds, width, height, rate } = WATERMARK_BENCH;
  mkdirSync(CACHE_DIR, { recursive: true });
  const video = path.join(CACHE_DIR, `video-${width}x${height}-${rate}fps-${seconds}s.mp4`);
  const mark = path.join(CACHE_DIR, 'mark-400x200.png');
  if (!existsSync(mark)) {
    execFileSync(FFMPEG, [
      ...quiet,
      '-f',
      'lavfi',
      '-i',
      'color=c=red@0.8:s=400x200,format=rgba',
      '-frames:v',
      '1',
      mark,
    ]);
  }
  if (!existsSync(video)) {
    console.info(`  watermark: making the ${seconds}-second ${height}p input (cached in ${CACHE_DIR})`);
    const partial = `${video}.partial.mp4`;
    await timed(FFMPEG, [
      ...quiet,
      ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', partial],
    ]);
    renameSync(partial, video);
  }
  return { video, mark };
}

export async function runWatermarkBench({ writeDocs = true } = {}) {
  register();
  const src = (file) => pathToFileURL(path.join(ROOT, 'apps/server/src', file)).href;
  const { watermarkArgs, watermarkFilter, renderFormatOf } = await import(
    src('modules/watermarks/watermark-ffmpeg.ts')
  );
  const { runProcess } = await import(src('lib/media/ffmpeg.ts'));
  const { video, mark } = await inputs();
  const work = mkdtempSync(path.join(os.tmpdir(), 'relaycast-bench-watermarks-run-'));
  const output = path.join(work, 'out.mp4');
  const { placement } = WATERMARK_BENCH;
  const productArgs = watermarkArgs(
    { media: video, mark, output },
    placement,
    'video',
    renderFormatOf('video', 'video/mp4'),
  );
  // The recipe of docs/watermarks.md as a person types it.
  const handArgs = [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', video, '-loop', '1', '-i', mark],
    ...['-filter_complex', watermarkFilter(placement, 'video'), '-map', '[out]', '-map', '0:a?'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-c:a', 'copy', output],
  ];
  let runs;
  try {
    console.info(
      `  watermark: ${WATERMARK_BENCH.seconds} s of ${WATERMARK_BENCH.height}p, ${WATERMARK_BENCH.runs} runs each, alternating which goes first`,
    );
    runs = await alternatedRuns(
      WATERMARK_BENCH.runs,
      async () => {
        const at = performance.now();
        await runProcess(FFMPEG, productArgs, { timeoutMs: 3_600_000 });
        const seconds = (performance.now() - at) / 1000;
        assertMeasured('watermark', statSync(output).size > 0, 'the product wrote nothing');
        rmSync(output, { force: true });
        return seconds;
      },
      async () => {
        const seconds = await timed(FFMPEG, handArgs);
        assertMeasured('watermark', statSync(output).size > 0, 'the hand-typed command wrote nothing');
        rmSync(output, { force: true });
        return seconds;
      },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const { productSeconds: product, handSeconds: hand } = runs;
  const checks = [
    ratioCheck({
      name: `watermark of ${WATERMARK_BENCH.seconds} s of 1080p (watermarkArgs + runProcess) ÷ the recipe by hand, medians`,
      figure: median(product),
      baseline: median(hand),
      unit: 's',
      ...WATERMARK_BENCH.goal,
    }),
  ];
  const ok = reportRatios('watermark', checks);
  const list = (values) => values.map((value) => fmt(value, 2)).join(', ');
  if (writeDocs) {
    writeBenchSection(
      SECTION_TITLE,
      `${SECTION_TITLE}

\`node scripts/bench-watermarks.mjs\` (also run by \`npm run bench\`), ${new Date().toISOString().slice(0, 10)}. A ${WATERMARK_BENCH.seconds}-second
${WATERMARK_BENCH.width}×${WATERMARK_BENCH.height} ${WATERMARK_BENCH.rate} fps video (testsrc2, H.264 ultrafast 6 Mbit/s, AAC) and a 400×200 PNG, both made with
ffmpeg and cached in \`${CACHE_DIR}\`; the mark 20 % wide at the bottom right, 70 % opaque; one x264 veryfast
encode, the audio copied. Product runs ${list(product)} s; by hand ${list(hand)} s (in pairs, which goes first
alternating from pair to pair).

${ratioTable(checks)}

Machine: ${os.availableParallelism()} cores (${(os.cpus()[0]?.model ?? 'unknown').replace(/\s+/g, ' ').trim()}), Node.js ${process.version}; load average at the end
${os
  .loadavg()
  .map((v) => v.toFixed(1))
  .join(', ')}.
`,
    );
  }
  return { ok, product: median(product), hand: median(hand) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runWatermarkBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(result.ok ? 0 : 1);
}
