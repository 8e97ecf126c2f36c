// Over 300 lines on purpose: a job's whole life (slot, source copy, text files, ffmpeg, library, cancel and
// clean-up) is one set of staged functions around one Job record; split across files, each would import the rest.
import { randomBytes } from 'node:crypto';
import { rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatFileSize } from '@relaycast/shared/media';
import type { MediaLimits } from '@relaycast/shared/plans';
import {
  EXPORT_MIME_TYPES,
  type ExportJob,
  type ExportJobStatus,
  type StartExport,
  VIDEO_EDITOR_MESSAGES,
} from '@relaycast/shared/video-editor';
import { type Segment, totalDuration } from '@relaycast/shared/video-editor-edit-list';
import { type CaptionCue, type TextOverlay, toSrt } from '@relaycast/shared/video-editor-overlays';
import { croppedSize } from '@relaycast/shared/video-editor-text-layout';
import { AppError } from '../../lib/app-error';
import { progressSecondsOf, runProcess } from '../../lib/media/ffmpeg';
import { withSeekableFile } from '../../lib/media/storage';
import { deleteMedia, type MediaFileRow, newMediaId, toMediaItem } from '../media/media.service';
import { addVideoToLibrary, exportLabel, exportName, type LibraryDeps } from './video-editor.service';
import {
  canStreamCopy,
  codecProbeArgs,
  exportArgs,
  hasAudioStream,
  parseCodecs,
  videoSizeOf,
} from './video-editor-ffmpeg';
import { writeOverlayFiles } from './video-editor-text';
import { type ExportWatermark, withExportWatermark } from './video-editor-watermark';

/**
 * Export jobs run in this process (docs/decisions/0028): one ffmpeg at a time by default (two cores), the
 * rest queued; progress comes from ffmpeg's `-progress` output; Cancel kills ffmpeg, removes the temporary
 * files and, if the result reached the library in the meantime, removes it again, so a cancelled job leaves
 * no file and no row. Finished jobs are remembered for an hour for their page to read.
 */

type ParsedExport = Required<Omit<StartExport, 'segments' | 'overlays' | 'captions' | 'watermarkId'>>;

interface Job {
  id: string;
  workspaceId: string;
  userId: string;
  limits: MediaLimits;
  source: MediaFileRow;
  request: ParsedExport;
  /** The kept sections: the request's, or the one from its start to its end. */
  segments: Segment[];
  overlays: TextOverlay[];
  /** The subtitle file's cues, parsed by the route. */
  captions: CaptionCue[];
  /** The saved watermark laid over the clip, resolved by the route (video-editor-watermark.ts). */
  watermark: ExportWatermark | null;
  maxBytes: number;
  status: ExportJobStatus;
  progress: number;
  result: ExportJob['result'];
  error: string | null;
  createdAt: Date;
  finishedAt: number | null;
  controller: AbortController;
  done: Promise<void>;
}

export interface ExportJobsOptions extends LibraryDeps {
  ffmpegPath: string;
  ffprobePath: string;
  tempDir: string;
  log: { warn(obj: object, msg: string): void };
  /** ffmpeg processes at once in this process. */
  concurrency?: number;
  /** Jobs not yet finished per workspace. */
  perWorkspace?: number;
}

export const JOB_RETENTION_MS = 60 * 60 * 1000;
export const MAX_JOBS_PER_WORKSPACE = 2;

class Cancelled extends Error {}

function toExportJob(job: Job): ExportJob {
  return {
    id: job.id,
    mediaId: job.source.id,
    status: job.status,
    progress: job.progress,
    format: job.request.format,
    mode: job.request.mode,
    crop: job.request.crop,
    start: job.request.start,
    end: job.request.end,
    segments: job.segments,
    overlayCount: job.overlays.length,
    captionCount: job.captions.length,
    result: job.result,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
  };
}

/** One process's ffmpeg slots: a job waits for one (or is cancelled while waiting) and gives it back. */
function createSlots(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire(signal: AbortSignal): Promise<void> {
      if (running < concurrency) {
        running += 1;
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(new Cancelled());
        };
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          running += 1;
          resolve();
        };
        waiting.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    release() {
      running -= 1;
      waiting.shift()?.();
    },
  };
}

type Slots = ReturnType<typeof createSlots>;

/** The files one export writes: the source copy and output in the temp folder, the text and caption files. */
function exportFiles(job: Job, tempDir: string) {
  const base = path.join(tempDir, `${job.id}`);
  // The text and caption files are named inside ffmpeg filter options, which take plain paths only: they go to
  // the system's temp folder, not the data folder (whose path a self-hoster may give spaces or accents).
  const textBase = path.join(tmpdir(), `relaycast-${job.id}`);
  const captionsFile = job.captions.length > 0 ? `${textBase}-captions.srt` : null;
  /** The user's texts, removed as soon as ffmpeg is done with them (a line's file is added as it is written). */
  const texts: string[] = captionsFile ? [captionsFile] : [];
  return {
    source: `${base}-source`,
    mark: `${base}-mark`,
    output: `${base}-out.${job.request.format}`,
    /** The file of line `line` of overlay `index`. */
    lineFile: (index: number, line: number) => `${textBase}-text-${index}-${line}.txt`,
    captionsFile,
    texts,
  };
}

type ExportFiles = ReturnType<typeof exportFiles>;

/**
 * Probes the codecs and the picture's size when the export needs them (a fast trim, a join, text to lay out); a
 * fast trim refuses codecs it cannot copy.
 */
async function probeSource(options: ExportJobsOptions, job: Job, input: string, signal: AbortSignal) {
  const { request } = job;
  const isJoin = job.segments.length > 1;
  if (request.mode !== 'fast' && !isJoin && !job.watermark && job.overlays.length === 0) return null;
  const probe = (await runProcess(options.ffprobePath, codecProbeArgs(input), { timeoutMs: 30_000, signal }))
    .stdout;
  if (request.mode === 'fast' && !canStreamCopy(parseCodecs(probe), request.format)) {
    throw new AppError('FAST_TRIM_UNSUPPORTED', { values: [request.format] });
  }
  return probe;
}

/** Runs ffmpeg on the seekable source into `files.output`, reporting progress on the job, within the size cap. */
async function renderExport(
  options: ExportJobsOptions,
  job: Job,
  files: ExportFiles,
  input: string,
  signal: AbortSignal,
) {
  const probe = await probeSource(options, job, input, signal);
  // The text is laid out in the output frame: the source's size (as probed, else as stored), cropped.
  const { width, height } = (probe ? videoSizeOf(probe) : null) ?? job.source;
  const frame = croppedSize(width ?? 0, height ?? 0, job.request.crop);
  const overlays = await writeOverlayFiles(job.overlays, frame, files.lineFile, files.texts);
  if (files.captionsFile) await writeFile(files.captionsFile, toSrt(job.captions), { flag: 'wx' });
  const duration = totalDuration(job.segments);
  let progressText = '';
  const run = (watermark: Parameters<typeof exportArgs>[0]['watermark']) =>
    runProcess(
      options.ffmpegPath,
      exportArgs({
        input,
        output: files.output,
        ...job.request,
        segments: job.segments,
        hasAudio: probe !== null && hasAudioStream(probe),
        overlays,
        captionsFile: files.captionsFile,
        maxBytes: job.maxBytes,
        watermark,
      }),
      {
        // Generous: a slow VP9 encode of a long cut on a busy machine.
        timeoutMs: Math.max(120_000, duration * 20_000),
        signal,
        // What this export writes, for the next start to remove if the server dies meanwhile.
        tempPaths: [files.output, files.source, files.mark, ...files.texts],
        onStdout(chunk) {
          progressText = (progressText + chunk).slice(-4096);
          const seconds = progressSecondsOf(progressText);
          if (seconds !== null && duration > 0)
            job.progress = Math.min(0.99, Math.max(0, seconds / duration));
        },
      },
    );
  await withExportWatermark(options.storage, job.watermark, files.mark, run, { signal });
  const { size } = await stat(files.output);
  if (size >= job.maxBytes) {
    throw new AppError('EXPORT_TOO_LARGE', { values: [formatFileSize(job.maxBytes)] });
  }
}

/** Stores the output in the library; a job cancelled meanwhile takes its row out again. */
async function storeExport(options: ExportJobsOptions, job: Job, output: string, signal: AbortSignal) {
  const { request } = job;
  const label = exportLabel(request, job.segments);
  const row = await addVideoToLibrary(
    options,
    {
      workspaceId: job.workspaceId,
      userId: job.userId,
      limits: job.limits,
      video: {
        id: newMediaId(),
        path: output,
        name: exportName(job.source.name, label, request.format),
        mimeType: EXPORT_MIME_TYPES[request.format],
        extension: request.format,
      },
    },
    () => new AppError('EXPORT_FAILED'),
  );
  // Cancelled while the result was being stored: take it out again.
  if (signal.aborted) {
    await deleteMedia(options.db, options.storage, job.workspaceId, row.id, options.log);
    throw new Cancelled();
  }
  job.result = toMediaItem(row);
}

/** A job's whole life: wait for a slot, render, store; any failure leaves no file and says why on the job. */
async function executeExport(options: ExportJobsOptions, slots: Slots, job: Job) {
  const signal = job.controller.signal;
  const files = exportFiles(job, options.tempDir);
  try {
    await slots.acquire(signal);
    try {
      job.status = 'running';
      // The stored file itself on the local disk; a copy from S3, removed when done.
      await withSeekableFile(
        options.storage,
        job.source.storageKey,
        files.source,
        (input) => renderExport(options, job, files, input, signal),
        { signal },
      );
    } finally {
      await Promise.all(files.texts.map((file) => rm(file, { force: true })));
      slots.release();
    }
    if (signal.aborted) throw new Cancelled();
    await storeExport(options, job, files.output, signal);
    job.progress = 1;
    job.status = 'succeeded';
  } catch (err) {
    await rm(files.output, { force: true });
    if (signal.aborted || err instanceof Cancelled) {
      job.status = 'cancelled';
      job.error = VIDEO_EDITOR_MESSAGES.cancelled;
    } else {
      job.status = 'failed';
      job.error =
        err instanceof AppError && err.statusCode < 500 ? err.message : VIDEO_EDITOR_MESSAGES.trimFailed;
      if (!(err instanceof AppError))
        options.log.warn({ err: String(err), jobId: job.id }, 'video export failed');
    }
  } finally {
    job.finishedAt = Date.now();
  }
}

export function createExportJobs(options: ExportJobsOptions) {
  const jobs = new Map<string, Job>();
  const perWorkspace = options.perWorkspace ?? MAX_JOBS_PER_WORKSPACE;
  const slots = createSlots(options.concurrency ?? 1);

  function prune() {
    const cutoff = Date.now() - JOB_RETENTION_MS;
    for (const [id, job] of jobs) if (job.finishedAt !== null && job.finishedAt < cutoff) jobs.delete(id);
  }

  return {
    /** Starts an export; the limits were checked by the caller (they are checked again on storing). */
    start(input: {
      workspaceId: string;
      userId: string;
      limits: MediaLimits;
      source: MediaFileRow;
      request: ParsedExport & {
        segments?: Segment[] | undefined;
        overlays?: TextOverlay[] | undefined;
        captions?: unknown;
        watermarkId?: string | null;
      };
      /** The cues of the request's subtitle file, parsed and checked. */
      captions?: CaptionCue[];
      watermark?: ExportWatermark | null;
      maxBytes: number;
    }): ExportJob {
      prune();
      const unfinished = [...jobs.values()].filter(
        (job) => job.workspaceId === input.workspaceId && job.finishedAt === null,
      );
      if (unfinished.length >= perWorkspace) {
        throw new AppError('TOO_MANY_EXPORTS', { values: [perWorkspace] });
      }
      // The subtitle file's text stays out of the job: its parsed cues are what is used.
      const { segments, overlays, captions: _file, watermarkId: _mark, ...request } = input.request;
      const job: Job = {
        ...input,
        captions: input.captions ?? [],
        watermark: input.watermark ?? null,
        request,
        segments: segments ?? [{ start: request.start, end: request.end }],
        overlays: overlays ?? [],
        id: randomBytes(12).toString('base64url'),
        status: 'queued',
        progress: 0,
        result: null,
        error: null,
        createdAt: new Date(),
        finishedAt: null,
        controller: new AbortController(),
        done: Promise.resolve(),
      };
      jobs.set(job.id, job);
      job.done = executeExport(options, slots, job);
      return toExportJob(job);
    },

    /** One of the workspace's jobs; another workspace's is "not found" like a missing one. */
    get(workspaceId: string, id: string): ExportJob {
      prune();
      return toExportJob(findJob(workspaceId, id));
    },

    /** Cancels a queued or running job and waits until it has cleaned up. A finished job is left as it is. */
    async cancel(workspaceId: string, id: string): Promise<ExportJob> {
      const job = findJob(workspaceId, id);
      if (job.finishedAt === null) {
        job.controller.abort();
        await job.done;
      }
      return toExportJob(job);
    },

    /** Stops every job (the app is closing) and waits for their clean-up. */
    async close(): Promise<void> {
      for (const job of jobs.values()) job.controller.abort();
      await Promise.all([...jobs.values()].map((job) => job.done));
    },

    /** The job's promise (tests wait for a job to finish without polling). */
    settled(id: string): Promise<void> {
      return jobs.get(id)?.done ?? Promise.resolve();
    },
  };

  function findJob(workspaceId: string, id: string): Job {
    const job = jobs.get(id);
    if (!job || job.workspaceId !== workspaceId) {
      throw new AppError('NOT_FOUND', { message: VIDEO_EDITOR_MESSAGES.jobNotFound });
    }
    return job;
  }
}

export type ExportJobs = ReturnType<typeof createExportJobs>;
