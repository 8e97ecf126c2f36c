/**
 * Stream analytics: summaries of past sessions and bitrate series. Part of the streaming contract: see
 * ../streaming.ts.
 */
import { z } from 'zod';
import { STREAM_PLATFORM_IDS } from './platforms';
import { DESTINATION_STATES, STREAM_SESSION_STATUSES, STREAM_SOURCES } from './stream-sessions';

export const destinationSummarySchema = z.object({
  destinationId: z.string(),
  platform: z.enum(STREAM_PLATFORM_IDS),
  name: z.string(),
  finalState: z.enum(DESTINATION_STATES),
  avgBitrateKbps: z.number().nullable(),
  peakBitrateKbps: z.number().nullable(),
  droppedFrames: z.number().int(),
  reconnects: z.number().int(),
  /**
   * Viewers as the platform's API counts them, read about every minute while live (docs/streaming.md,
   * "Viewers"): the highest and the last reading, and the platform's name for the figure. Null where the
   * platform gives none, or none was read (no connected account of that platform, not live there yet).
   */
  viewers: z
    .object({
      peak: z.number().int(),
      last: z.number().int(),
      platformMetric: z.string(),
      readAt: z.string(),
    })
    .nullable(),
});
export type DestinationSummary = z.infer<typeof destinationSummarySchema>;

export const streamSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(STREAM_SOURCES),
  status: z.enum(STREAM_SESSION_STATUSES),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Up to now for a live stream. */
  durationSeconds: z.number(),
  destinations: z.array(destinationSummarySchema),
  avgBitrateKbps: z.number().nullable(),
  peakBitrateKbps: z.number().nullable(),
  droppedFrames: z.number().int(),
  reconnects: z.number().int(),
  /** The recording in the media library, when one was kept. */
  recordingMediaId: z.string().nullable(),
});
export type StreamSummary = z.infer<typeof streamSummarySchema>;

export const streamSummaryListSchema = z.object({ sessions: z.array(streamSummarySchema) });
export type StreamSummaryList = z.infer<typeof streamSummaryListSchema>;

export const bitratePointSchema = z.object({
  /** Seconds since the stream started. */
  t: z.number(),
  bitrateKbps: z.number().nullable(),
  fps: z.number().nullable(),
  droppedFrames: z.number().int(),
});
export type BitratePoint = z.infer<typeof bitratePointSchema>;

/**
 * One drop of the source while the slate covered it (docs/decisions/0101-slate-on-dropped-source.md): when, in
 * seconds from the stream's start, and for how long; `returned` false when the stream ended without it.
 */
export const sourceDropSchema = z.object({
  atSeconds: z.number(),
  seconds: z.number(),
  returned: z.boolean(),
});
export type SourceDrop = z.infer<typeof sourceDropSchema>;

/** The drops of a stream from its recorded events (source_lost, then source_returned or the end), in order. */
export function sourceDropsOf(
  events: readonly { kind: 'source_lost' | 'source_returned'; at: string }[],
  startedAt: string,
  endedAt: string | null,
): SourceDrop[] {
  const start = Date.parse(startedAt);
  const tenth = (ms: number) => Math.round(ms / 100) / 10;
  const drops: SourceDrop[] = [];
  let lostAt: number | null = null;
  for (const event of events) {
    const at = Date.parse(event.at);
    if (event.kind === 'source_lost' && lostAt === null) lostAt = at;
    else if (event.kind === 'source_returned' && lostAt !== null) {
      drops.push({ atSeconds: tenth(lostAt - start), seconds: tenth(at - lostAt), returned: true });
      lostAt = null;
    }
  }
  if (lostAt !== null) {
    const end = endedAt ? Date.parse(endedAt) : lostAt;
    drops.push({
      atSeconds: tenth(lostAt - start),
      seconds: tenth(Math.max(0, end - lostAt)),
      returned: false,
    });
  }
  return drops;
}

export const streamDetailSchema = z.object({
  summary: streamSummarySchema,
  /** When the source dropped and the slate covered it. */
  sourceDrops: z.array(sourceDropSchema),
  series: z.array(
    z.object({
      destinationId: z.string(),
      platform: z.enum(STREAM_PLATFORM_IDS),
      name: z.string(),
      points: z.array(bitratePointSchema),
    }),
  ),
});
export type StreamDetail = z.infer<typeof streamDetailSchema>;
