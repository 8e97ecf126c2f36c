import { z } from 'zod';

/**
 * An Instagram Reel's cover (docs/reel-covers.md): a moment of the video (Instagram's `thumb_offset`, in
 * milliseconds) or an image of the media library (its `cover_url`). Without one Instagram opens on the first frame.
 * Only a post whose Instagram media is one video (a Reel) uses it; other posts keep it unused.
 */
export const REEL_COVER_MAX_OFFSET_MS = 15 * 60 * 1000;

export const REEL_COVER_MESSAGES = {
  offsetInvalid: 'Choose the cover frame as a time in the video, in seconds from its start.',
  imageNotFound: 'The Reel cover must be an image of this workspace’s media library.',
  frameAfterEnd: 'The cover frame must be a moment of the video: it is later than the video’s end.',
} as const;

export const reelCoverSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('frame'),
    offsetMs: z
      .number({ error: REEL_COVER_MESSAGES.offsetInvalid })
      .int(REEL_COVER_MESSAGES.offsetInvalid)
      .min(0, REEL_COVER_MESSAGES.offsetInvalid)
      .max(REEL_COVER_MAX_OFFSET_MS, REEL_COVER_MESSAGES.offsetInvalid),
  }),
  z.object({ kind: z.literal('image'), mediaId: z.string().min(1).max(100) }),
]);
export type ReelCover = z.infer<typeof reelCoverSchema>;

/** `GET /api/reel-covers/posts/:id`: the post's cover, null for Instagram's own (the first frame). */
export const postReelCoverSchema = z.object({ reelCover: reelCoverSchema.nullable() });
export type PostReelCover = z.infer<typeof postReelCoverSchema>;
