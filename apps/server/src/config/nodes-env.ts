import { z } from 'zod';

/** The settings of a node among several (docs/scaling.md, docs/decisions/0113-streaming-nodes.md), read by env.ts. */
export const nodesEnvShape = {
  /**
   * Where the other nodes reach this node's HTTP and WebSocket routes (`http://10.0.0.5:3000`), to forward a
   * request about a live stream this node carries. Unset: `http://<HOST, or this machine's name>:<its port>`.
   */
  NODE_INTERNAL_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .refine((value) => value === undefined || /^https?:\/\//.test(value), {
      message: 'must start with http:// or https://',
    }),
};

/**
 * Whether the RTMP relay runs, and so whether this node may carry live streams (RTMP_ENABLED): on for ROLE=all
 * (one-process installs, as before), off for `api` and `worker` nodes unless set, off under NODE_ENV=test.
 */
export function rtmpEnabledOf(env: { RTMP_ENABLED?: string; NODE_ENV: string; ROLE: string }): boolean {
  if (env.RTMP_ENABLED === undefined || env.RTMP_ENABLED === '') {
    return env.NODE_ENV !== 'test' && env.ROLE === 'all';
  }
  return env.RTMP_ENABLED === 'true' || env.RTMP_ENABLED === '1';
}
