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

export const streamDetailSchema = z.object({
  summary: streamSummarySchema,
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
