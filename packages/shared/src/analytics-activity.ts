import { z } from 'zod';
import { PLATFORM_IDS } from './platforms';

/**
 * Relaycast's own records on /analytics (docs/analytics.md): what the workspace did through Relaycast in the range, read
 * from its own tables rather than from the platforms. `GET /api/analytics/activity` with the page's filters
 * (range, platforms, accounts; the stream figures are not filtered by platform: a stream goes to RTMP
 * destinations, not to connected accounts).
 */

const platformCount = z.object({ platform: z.enum(PLATFORM_IDS), published: z.number(), failed: z.number() });

export const analyticsActivitySchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  posts: z.object({
    published: z.number(),
    failed: z.number(),
    byPlatform: z.array(platformCount),
  }),
  engagement: z.object({
    /** Actions sent from the engagement inbox (failed ones not counted). */
    likes: z.number(),
    replies: z.number(),
    messages: z.number(),
    /** Comments, mentions and messages that arrived in the range. */
    itemsReceived: z.number(),
    /** Of those, how many got a reply from Relaycast. */
    itemsAnswered: z.number(),
    /** Median minutes from arrival to the first reply, over the answered ones; null when none was answered. */
    medianResponseMinutes: z.number().nullable(),
  }),
  streams: z.object({
    /** Streams that went live in the range. */
    count: z.number(),
    failed: z.number(),
    /** Seconds live, summed (a stream still live counts up to now). */
    liveSeconds: z.number(),
    /** The highest bitrate a destination reported, in kbps; null without samples. */
    peakBitrateKbps: z.number().nullable(),
    /** Distinct destinations streamed to. */
    destinations: z.number(),
    /**
     * The most viewers one destination had at once, as its platform's API counted them (YouTube's
     * concurrentViewers, read about every minute); null where no platform gave a count.
     */
    peakViewers: z.number().nullable(),
  }),
});
export type AnalyticsActivity = z.infer<typeof analyticsActivitySchema>;

/** Seconds as "2 h 05 min", "12 min", "40 s". */
export function formatLiveDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
