/**
 * Destinations: where a stream is relayed (URL and key), and the rules for them. Part of the streaming
 * contract: see ../streaming.ts.
 */
import { z } from 'zod';
import { STREAMING_MESSAGES } from './messages';
import { isStreamPlatformId, STREAM_PLATFORM_IDS, type StreamPlatformId } from './platforms';

export const MAX_DESTINATION_NAME = 80;

/** Checks an ingest URL; returns the message to show, or null when it is usable. */
export function checkRtmpUrl(value: string): string | null {
  const url = value.trim();
  if (!/^rtmps?:\/\//i.test(url)) return STREAMING_MESSAGES.rtmpProtocol;
  // scheme://host[:port][/path], host a name, an IPv4 address or a bracketed IPv6 address; the shared package
  // has no URL global in its type environment. Whether the address is allowed is the server's call.
  if (
    !/^rtmps?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?(\/\S*)?$/i.test(url) ||
    /^rtmps?:\/\/[.-]/i.test(url)
  ) {
    return STREAMING_MESSAGES.rtmpInvalid;
  }
  return null;
}

/** Create a destination (the setup modal's Save). Key and URL are trimmed. */
export const streamDestinationInputSchema = z
  .object({
    platform: z.string().refine(isStreamPlatformId, { message: STREAMING_MESSAGES.unknownPlatform }),
    /** Defaults to the platform's name. */
    name: z.string().trim().max(MAX_DESTINATION_NAME, STREAMING_MESSAGES.destinationNameTooLong).optional(),
    rtmpUrl: z.string().trim().default(''),
    streamKey: z.string().trim().default(''),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.rtmpUrl === '' || value.streamKey === '') {
      ctx.addIssue({
        code: 'custom',
        path: [value.streamKey === '' ? 'streamKey' : 'rtmpUrl'],
        message: STREAMING_MESSAGES.destinationIncomplete,
      });
      return;
    }
    const problem = checkRtmpUrl(value.rtmpUrl);
    if (problem) ctx.addIssue({ code: 'custom', path: ['rtmpUrl'], message: problem });
  })
  .transform((value) => ({ ...value, platform: value.platform as StreamPlatformId }));
export type StreamDestinationInput = z.input<typeof streamDestinationInputSchema>;

/** Change a destination: any subset; a given key or URL obeys the same rules (absent key = keep it). */
export const streamDestinationPatchSchema = z
  .object({
    name: z.string().trim().max(MAX_DESTINATION_NAME, STREAMING_MESSAGES.destinationNameTooLong).optional(),
    rtmpUrl: z.string().trim().optional(),
    streamKey: z.string().trim().optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.rtmpUrl === '' || value.streamKey === '') {
      ctx.addIssue({
        code: 'custom',
        path: [value.streamKey === '' ? 'streamKey' : 'rtmpUrl'],
        message: STREAMING_MESSAGES.destinationIncomplete,
      });
      return;
    }
    if (value.rtmpUrl !== undefined) {
      const problem = checkRtmpUrl(value.rtmpUrl);
      if (problem) ctx.addIssue({ code: 'custom', path: ['rtmpUrl'], message: problem });
    }
  });
export type StreamDestinationPatch = z.input<typeof streamDestinationPatchSchema>;

/** A saved destination as the browser sees it: never the key, only its last four characters. */
export const streamDestinationSchema = z.object({
  id: z.string(),
  platform: z.enum(STREAM_PLATFORM_IDS),
  name: z.string(),
  rtmpUrl: z.string(),
  keyLastFour: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type StreamDestination = z.infer<typeof streamDestinationSchema>;

export const streamDestinationListSchema = z.object({
  destinations: z.array(streamDestinationSchema),
  /** ALLOW_PRIVATE_ADDRESSES: whether an RTMP URL inside the server's network is accepted. */
  privateAddressesAllowed: z.boolean(),
});
export type StreamDestinationList = z.infer<typeof streamDestinationListSchema>;

/** How a masked key is shown: dots, then the last four characters. */
export function maskStreamKey(lastFour: string): string {
  return `••••••••${lastFour}`;
}
