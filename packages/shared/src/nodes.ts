import { z } from 'zod';

/** A node unseen for this long is shown as down on /admin (it says it is alive every 10 seconds). */
export const NODE_LIVE_MS = 30_000;

export const adminNodeSchema = z.object({
  id: z.string(),
  role: z.enum(['all', 'api', 'worker']),
  hostname: z.string(),
  pid: z.number().int(),
  version: z.string(),
  mediaStore: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  live: z.boolean(),
  /** The node that answered this request. */
  self: z.boolean(),
  /** Whether it runs the RTMP relay and so carries live streams (docs/decisions/0113-streaming-nodes.md). */
  streaming: z.boolean(),
  /** The live streams it carries now (starting or live). */
  streams: z.number().int(),
});
export type AdminNode = z.infer<typeof adminNodeSchema>;

/** Background jobs of one queue: waiting (created or retrying) and running (active). */
export const adminQueueSchema = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
});
export type AdminQueue = z.infer<typeof adminQueueSchema>;

export const adminNodesSchema = z.object({
  nodes: z.array(adminNodeSchema),
  queues: z.array(adminQueueSchema),
});
export type AdminNodes = z.infer<typeof adminNodesSchema>;
