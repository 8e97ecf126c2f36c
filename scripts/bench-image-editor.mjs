// Image editor benchmark (docs/image-editor.md): the server's render of a typical recipe (crop to 9:16, resize
// to 1080×1920, brightness/contrast/saturation, a filter, a text layer on its box) from a 4000×3000 JPEG photo
// made with ffmpeg, through the product's own code (renderImageEdit); goal: median under 1 s.
//
//   node scripts/bench-image-editor.mjs              # writes its section of docs/benchmarks.md
//   node scripts/bench-image-editor.mjs --no-docs    # print only
//
// `npm run bench` calls runImageEditorBench() from scripts/bench.mjs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { calibratedCheck, calibratedTable, oddMedian, reportCalibrated } from './lib/baseline.mjs';
import { writeBenchSection } from './lib/bench-server.mjs';
import { ROOT } from './lib/setup.mjs';

const SECTION_TITLE = '## Image editor (server render of a 4000×3000 photo)';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const GOAL_MS = 1000;
const RUNS = 5;
/**
 * The goal is absolute; it is judged against ffmpeg decoding the same photo (`-i photo.jpg -f null -`), timed
 * between the renders in the same run (calibratedCheck): REFERENCE_DECODE_MS on docs/benchmarks.md's host
 * (2 AMD EPYC cores, ffmpeg 5.1.9), where the recorded render took 550 ms. Render ÷ decode held at 2.7–2.9× in
 * every run on 2026-11-26 (decode 88.6–294 ms, render 255–800 ms as the load moved), so a 550 ms render went with
 * a decode of about 200 ms: the reference.
 */
const REFERENCE_DECODE_MS = 200;

export async function runImageEditorBench({ writeDocs = true } = {}) {
  register();
  const src = (file) => pathToFileURL(path.join(ROOT, file)).href;
  const { renderImageEdit } = await import(
    src('apps/server/src/modules/image-editor/image-editor-render.ts')
  );
  const { centredCrop, EMPTY_RECIPE } = await import(src('packages/shared/src/image-edit.ts'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'relaycast-bench-image-'));
  try {
    const photo = path.join(work, 'photo.jpg');
    execFileSync(FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=4000x3000'],
      ...['-frames:v', '1', '-q:v', '3', photo],
    ]);
    const source = { path: photo, width: 4000, height: 3000 };
    const recipe = {
      ...EMPTY_RECIPE,
      crop: centredCrop(source, 9 / 16),
      resize: { width: 1080, height: 1920 },
      adjustments: { brightness: 1.1, contrast: 1.2, saturation: 1.3 },
      filter: 'sepia',
      textLayers: [
        {
          text: 'Summer sale',
          font: 'sans-bold',
          size: 96,
          color: '#ffffff',
          background: '#000000',
          x: 80,
          y: 120,
        },
      ],
    };
    const times = [];
    const decodeTimes = [];
    for (let run = 0; run < RUNS; run += 1) {
      const decodeStarted = performance.now();
      execFileSync(FFMPEG, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-i',
        photo,
        '-f',
        'null',
        '-',
      ]);
      decodeTimes.push(performance.now() - decodeStarted);
      const output = path.join(work, `out-${run}.jpg`);
      const started = performance.now();
      await renderImageEdit(FFMPEG, {
        recipe,
        source,
        layerPaths: [],
        workDir: work,
        output: { path: output, format: 'jpeg' },
      });
      times.push(performance.now() - started);
      if (statSync(output).size === 0) throw new Error('the render wrote nothing');
    }
    const median = oddMedian('image editor render', times);
    const decode = oddMedian('image editor bare decode', decodeTimes);
    const check = calibratedCheck({
      name: 'render of a 4000×3000 JPEG (crop 9:16, resize 1080×1920, colours, sepia, one text), median',
      figure: median,
      unit: 'ms',
      goal: GOAL_MS,
      calibration: {
        name: 'ffmpeg decoding the same photo, median',
        value: decode,
        reference: REFERENCE_DECODE_MS,
        unit: 'ms',
        faster: 'lower',
      },
      why: 'docs/image-editor.md: an edit saves in under a second',
    });
    const ok = reportCalibrated('image editor', [check]);
    if (writeDocs) {
      writeBenchSection(
        SECTION_TITLE,
        `${SECTION_TITLE}\n\nMedians of ${RUNS} runs each, a bare decode of the photo before each render. On ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString().slice(0, 10)}. The goal is scaled by this run's decode against the reference host's and fails the run when missed:\n\n${calibratedTable([check])}\n`,
      );
    }
    return { ok, median };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ok } = await runImageEditorBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(ok ? 0 : 1);
}
