import { platformRequest } from '../http';
import { sleep } from '../media';
import {
  type AccountCredentials,
  type CallContext,
  PlatformError,
  type PublishedPost,
  type PublishMedia,
  type PublishRequest,
} from '../types';
import { describeTikTokError, tiktokApi, urlsOf } from './tiktok-api';
import { fetchWithExactPostIds, readChunks, uploadPlan } from './tiktok-upload';

/**
 * TikTok's Content Posting API (direct post): creator_info first; a video goes up with FILE_UPLOAD in Content-Range
 * chunks, photos are pulled by TikTok from their public URLs (PULL_FROM_URL); then the status is polled until
 * PUBLISH_COMPLETE.
 */

export interface CreatorInfo {
  creator_username?: string;
  creator_nickname?: string;
  creator_avatar_url?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

interface PublishStatus {
  status?: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';
  fail_reason?: string;
  /** Spelled this way by TikTok. */
  publicaly_available_post_id?: (string | number)[];
}

export interface TikTokOptions {
  poll?: { intervalMs: number; maxIntervalMs: number; timeoutMs: number };
  /** Chunk size for uploads above `singleChunkMaxBytes` (TikTok: 5–64 MB; default 10 MB). */
  chunkBytes?: number;
  /** Files up to this size go in one chunk (TikTok allows a single chunk up to 64 MB). */
  singleChunkMaxBytes?: number;
}

export function tiktokPostUrl(username: string | undefined, id: string, kind: 'video' | 'photo'): string {
  return username
    ? `https://www.tiktok.com/@${username}/${kind}/${id}`
    : `https://www.tiktok.com/${kind}/${id}`;
}

// function-budget: one connector: its methods share the platform's client, settings and error mapping
export function createTikTokPublishing(options: TikTokOptions = {}) {
  const poll = options.poll ?? { intervalMs: 2_000, maxIntervalMs: 15_000, timeoutMs: 15 * 60_000 };
  const chunkBytes = options.chunkBytes ?? 10 * 1024 * 1024;
  const singleChunkMaxBytes = options.singleChunkMaxBytes ?? 64 * 1024 * 1024;

  async function creatorInfo(ctx: CallContext, token: string): Promise<CreatorInfo> {
    return tiktokApi<CreatorInfo>(ctx, {
      method: 'POST',
      url: `${urlsOf(ctx).api}/post/publish/creator_info/query/`,
      token,
      body: { json: {} },
    });
  }

  function postInfo(creator: CreatorInfo, text: string) {
    const options = creator.privacy_level_options ?? [];
    const privacy = options.includes('PUBLIC_TO_EVERYONE')
      ? 'PUBLIC_TO_EVERYONE'
      : (options[0] ?? 'SELF_ONLY');
    return {
      privacy_level: privacy,
      disable_comment: creator.comment_disabled ?? false,
      disable_duet: creator.duet_disabled ?? false,
      disable_stitch: creator.stitch_disabled ?? false,
      title: text,
    };
  }

  async function uploadVideo(
    ctx: CallContext,
    token: string,
    video: PublishMedia,
    text: string,
    creator: CreatorInfo,
  ) {
    const max = creator.max_video_post_duration_sec;
    if (max && video.durationSeconds && video.durationSeconds > max) {
      throw new PlatformError(
        'refuse',
        `This video is longer than the ${max} seconds TikTok allows for this account.`,
      );
    }
    const plan = uploadPlan(video.sizeBytes, chunkBytes, singleChunkMaxBytes);
    // Nothing is posted until the last chunk arrives, so a lost answer to init is safe to retry.
    const init = await tiktokApi<{ publish_id?: string; upload_url?: string }>(ctx, {
      method: 'POST',
      url: `${urlsOf(ctx).api}/post/publish/video/init/`,
      token,
      body: {
        json: {
          post_info: postInfo(creator, text),
          source_info: {
            source: 'FILE_UPLOAD',
            video_size: video.sizeBytes,
            chunk_size: plan.chunkSize,
            total_chunk_count: plan.ranges.length,
          },
        },
      },
    });
    if (!init.publish_id || !init.upload_url) throw new PlatformError('retry', 'TikTok gave no upload URL.');
    const stream = await video.open();
    let index = 0;
    for await (const chunk of readChunks(
      stream,
      plan.ranges.map((r) => r.end - r.start + 1),
    )) {
      const range = plan.ranges[index] as { start: number; end: number };
      const isLast = index === plan.ranges.length - 1;
      await platformRequest(
        ctx,
        {
          method: 'PUT',
          url: init.upload_url,
          headers: { 'content-range': `bytes ${range.start}-${range.end}/${video.sizeBytes}` },
          body: { raw: chunk, contentType: video.mimeType || 'video/mp4' },
          // The last chunk completes the upload, which publishes the post.
          sideEffect: isLast,
          timeoutMs: 300_000,
        },
        describeTikTokError,
      );
      index += 1;
    }
    return init.publish_id;
  }

  async function pullPhotos(
    ctx: CallContext,
    token: string,
    photos: PublishMedia[],
    text: string,
    creator: CreatorInfo,
  ) {
    const info = postInfo(creator, text);
    const init = await tiktokApi<{ publish_id?: string }>(ctx, {
      method: 'POST',
      url: `${urlsOf(ctx).api}/post/publish/content/init/`,
      token,
      body: {
        json: {
          post_info: {
            ...info,
            title: text.split('\n')[0]?.slice(0, 90) ?? '',
            description: text,
            auto_add_music: true,
          },
          source_info: {
            source: 'PULL_FROM_URL',
            photo_cover_index: 0,
            photo_images: photos.map((p) => p.publicUrl),
          },
          post_mode: 'DIRECT_POST',
          media_type: 'PHOTO',
        },
      },
      sideEffect: true,
    });
    if (!init.publish_id)
      throw new PlatformError('unknown', 'TikTok accepted the photos but gave no publish id.');
    return init.publish_id;
  }

  /**
   * Polls until PUBLISH_COMPLETE. TikTok already has the media here, so anything other than its own FAILED verdict
   * (timeouts, network errors, an expired token) leaves the outcome unknown: never a blind retry.
   */
  async function waitForPublish(ctx: CallContext, token: string, publishId: string): Promise<PublishStatus> {
    const exactIds = { ...ctx, fetch: fetchWithExactPostIds(ctx.fetch ?? fetch) };
    const deadline = Date.now() + poll.timeoutMs;
    let interval = poll.intervalMs;
    try {
      for (;;) {
        const status = await tiktokApi<PublishStatus>(exactIds, {
          method: 'POST',
          url: `${urlsOf(ctx).api}/post/publish/status/fetch/`,
          token,
          body: { json: { publish_id: publishId } },
        });
        if (status.status === 'PUBLISH_COMPLETE' || status.status === 'SEND_TO_USER_INBOX') return status;
        if (status.status === 'FAILED') {
          throw new PlatformError(
            'refuse',
            `TikTok did not publish the post: ${status.fail_reason ?? 'unknown reason'}.`,
            {
              platformCode: status.fail_reason,
            },
          );
        }
        if (Date.now() + interval > deadline) {
          throw new PlatformError(
            'unknown',
            'TikTok was still processing the post when Relaycast stopped waiting.',
          );
        }
        await sleep(interval, ctx.signal);
        interval = Math.min(interval * 2, poll.maxIntervalMs);
      }
    } catch (err) {
      if (err instanceof PlatformError && (err.kind === 'refuse' || err.kind === 'unknown')) throw err;
      throw new PlatformError(
        'unknown',
        `TikTok received the post but its status could not be read: ${(err as Error).message}`,
        err instanceof PlatformError ? err.details : {},
      );
    }
  }

  async function publish(
    ctx: CallContext,
    credentials: AccountCredentials,
    request: PublishRequest,
  ): Promise<PublishedPost> {
    const videos = request.media.filter((m) => m.kind === 'video');
    const photos = request.media.filter((m) => m.kind !== 'video');
    if (request.media.length === 0) throw new PlatformError('refuse', 'TikTok posts need a video or photos.');
    if (videos.length > 1 || (videos.length === 1 && photos.length > 0)) {
      throw new PlatformError('refuse', 'A TikTok post takes either one video or photos, not both.');
    }
    const token = credentials.accessToken;
    const creator = await creatorInfo(ctx, token);
    const username = creator.creator_username ?? credentials.meta.username;
    const video = videos[0];
    const publishId = video
      ? await uploadVideo(ctx, token, video, request.text, creator)
      : await pullPhotos(ctx, token, photos, request.text, creator);
    const status = await waitForPublish(ctx, token, publishId);
    const postId = status.publicaly_available_post_id?.[0];
    if (postId === undefined) {
      // Private (SELF_ONLY) and inbox posts get no public id: link to the profile instead.
      return {
        platformPostId: publishId,
        url: username ? `https://www.tiktok.com/@${username}` : 'https://www.tiktok.com/',
      };
    }
    return {
      platformPostId: String(postId),
      url: tiktokPostUrl(username, String(postId), video ? 'video' : 'photo'),
    };
  }

  return { creatorInfo, publish };
}
