import { ACCOUNT_MESSAGES } from '@relaycast/shared/accounts';
import { ACCOUNT_SETUP_MESSAGES } from '@relaycast/shared/accounts-setup';
import { AI_MESSAGES } from '@relaycast/shared/ai';
import { AI_IMAGE_MESSAGES } from '@relaycast/shared/ai-images';
import { ALT_TEXT_MESSAGES } from '@relaycast/shared/alt-text';
import { ANALYTICS_COLLECT_MESSAGES, ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { ANALYTICS_PAGE_MESSAGES } from '@relaycast/shared/analytics-page';
import { REPORT_MESSAGES, REPORT_SCHEDULE_MESSAGES } from '@relaycast/shared/analytics-report';
import { APPROVAL_MESSAGES } from '@relaycast/shared/approvals';
import { BEST_TIME_MESSAGES } from '@relaycast/shared/best-time-api';
import { BILLING_MESSAGES } from '@relaycast/shared/billing';
import { BULK_IMPORT_MESSAGES } from '@relaycast/shared/bulk-import';
import { CLIP_HIGHLIGHT_MESSAGES } from '@relaycast/shared/clips';
import { CLOUD_DRIVE_MESSAGES, CLOUD_PROVIDER_IDS, CLOUD_PROVIDERS } from '@relaycast/shared/cloud-drives';
import { COMPOSER_LIBRARY_MESSAGES } from '@relaycast/shared/composer-library';
import { DASHBOARD_MESSAGES } from '@relaycast/shared/dashboard';
import { ENGAGEMENT_MESSAGES } from '@relaycast/shared/engagement';
import { EVERGREEN_MESSAGES } from '@relaycast/shared/evergreen';
import { FEED_MESSAGES } from '@relaycast/shared/feeds';
import { IMAGE_EDIT_MESSAGES } from '@relaycast/shared/image-edit';
import { LABEL_MESSAGES } from '@relaycast/shared/labels';
import { MAIL_MESSAGES } from '@relaycast/shared/mail';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import { MEDIA_IMPORT_MESSAGES } from '@relaycast/shared/media-imports';
import { MEMBERS_MESSAGES } from '@relaycast/shared/members';
import {
  ADDRESS_MESSAGES,
  AUTH_MESSAGES,
  CONTACT_MESSAGES,
  GENERIC_MESSAGES,
  INPUT_MESSAGES,
} from '@relaycast/shared/messages';
import { NAME_MESSAGES } from '@relaycast/shared/names';
import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { PLANNED_STREAM_MESSAGES } from '@relaycast/shared/planned-streams';
import { PLAN_MESSAGES } from '@relaycast/shared/plans';
import { POST_SERIES_MESSAGES } from '@relaycast/shared/post-series';
import { POST_MESSAGES } from '@relaycast/shared/posts';
import { PROXY_MESSAGES } from '@relaycast/shared/proxies';
import { API_KEY_MESSAGES } from '@relaycast/shared/public-api';
import { PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { QUEUE_SLOT_MESSAGES } from '@relaycast/shared/queue-slots';
import { REEL_COVER_MESSAGES } from '@relaycast/shared/reel-covers';
import { ROLE_MESSAGES } from '@relaycast/shared/roles';
import { SETTINGS_MESSAGES } from '@relaycast/shared/settings';
import { SHORT_LINK_MESSAGES } from '@relaycast/shared/short-links';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming/messages';
import { THREAD_MESSAGES } from '@relaycast/shared/threads';
import { UNSPLASH_MESSAGES } from '@relaycast/shared/unsplash';
import { VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { EDIT_LIST_MESSAGES, MAX_SEGMENTS } from '@relaycast/shared/video-editor-edit-list';
import {
  CAPTION_MESSAGES,
  MAX_CAPTION_CUES,
  MAX_OVERLAY_TEXT,
  MAX_OVERLAYS,
  OVERLAY_MESSAGES,
} from '@relaycast/shared/video-editor-overlays';
import { WATERMARK_MESSAGES } from '@relaycast/shared/watermarks';
import { WEBHOOK_MESSAGES } from '@relaycast/shared/webhooks';
import { WORKSPACE_MESSAGES } from '@relaycast/shared/workspaces';
import { CLIP_GENERATOR_MESSAGES } from '@relaycast/shared/youtube';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './test-catalogs';

/**
 * Every message the server or a shared schema writes must be a key of the `messages` catalog, so that
 * translateMessage() can show it in the interface's language: a new message without a translation fails here.
 * Functions (messages built from per-request values: a file name, a handle, a count) are skipped.
 */
const MESSAGE_OBJECTS = {
  ALT_TEXT_MESSAGES,
  ACCOUNT_MESSAGES,
  ACCOUNT_SETUP_MESSAGES,
  AI_MESSAGES,
  AI_IMAGE_MESSAGES,
  ANALYTICS_MESSAGES,
  ANALYTICS_COLLECT_MESSAGES,
  ANALYTICS_PAGE_MESSAGES,
  REPORT_MESSAGES,
  REPORT_SCHEDULE_MESSAGES,
  API_KEY_MESSAGES,
  APPROVAL_MESSAGES,
  BEST_TIME_MESSAGES,
  BILLING_MESSAGES,
  BULK_IMPORT_MESSAGES,
  CLIP_HIGHLIGHT_MESSAGES,
  CLOUD_DRIVE_MESSAGES,
  COMPOSER_LIBRARY_MESSAGES,
  DASHBOARD_MESSAGES,
  ENGAGEMENT_MESSAGES,
  FEED_MESSAGES,
  IMAGE_EDIT_MESSAGES,
  LABEL_MESSAGES,
  MAIL_MESSAGES,
  MEDIA_MESSAGES,
  MEDIA_IMPORT_MESSAGES,
  UNSPLASH_MESSAGES,
  MEMBERS_MESSAGES,
  NAME_MESSAGES,
  PROXY_MESSAGES,
  WATERMARK_MESSAGES,
  ADDRESS_MESSAGES,
  AUTH_MESSAGES,
  CONTACT_MESSAGES,
  GENERIC_MESSAGES,
  INPUT_MESSAGES,
  NOTIFICATION_MESSAGES,
  PLAN_MESSAGES,
  POST_MESSAGES,
  POST_SERIES_MESSAGES,
  EVERGREEN_MESSAGES,
  PUBLISH_MESSAGES,
  REEL_COVER_MESSAGES,
  QUEUE_SLOT_MESSAGES,
  ROLE_MESSAGES,
  SETTINGS_MESSAGES,
  SHORT_LINK_MESSAGES,
  PLANNED_STREAM_MESSAGES,
  STREAMING_MESSAGES,
  THREAD_MESSAGES,
  CAPTION_MESSAGES,
  OVERLAY_MESSAGES,
  VIDEO_EDITOR_MESSAGES,
  EDIT_LIST_MESSAGES,
  WEBHOOK_MESSAGES,
  CLIP_GENERATOR_MESSAGES,
  WORKSPACE_MESSAGES,
};

/**
 * Templates the server fills with a per-request value (fillMessage) before sending them: the text that
 * reaches the browser contains the value, so the template itself can never be a key.
 */
const LEFT_OUT = new Set<string>([
  AUTH_MESSAGES.authRateLimited, // "{seconds}": the wait, filled per request
  AUTH_MESSAGES.lockedOutHelp, // "{minutes}": the wait, filled per request
  MEMBERS_MESSAGES.wrongEmail, // "{email}": the invited address, filled per request
  ROLE_MESSAGES.forbidden, // "{role}", "{action}": the caller's role and the permission, filled per request
  MEMBERS_MESSAGES.tooManyInvitations, // "{minutes}": the wait, filled per request
]);

/** Computed once from constants (limits), so the browser receives exactly these strings. */
const COMPUTED = [
  EDIT_LIST_MESSAGES.tooManySegments(MAX_SEGMENTS),
  OVERLAY_MESSAGES.tooManyOverlays(MAX_OVERLAYS),
  OVERLAY_MESSAGES.overlayTextTooLong(MAX_OVERLAY_TEXT),
  CAPTION_MESSAGES.tooManyCaptions(MAX_CAPTION_CUES),
  // The caption schema's size limit (MAX_CAPTIONS_BYTES, 256 KiB), written as the schema writes it.
  CAPTION_MESSAGES.captionsTooLarge('256 KB'),
  // Cloud import's messages name one of four providers (and its variables): each is a key.
  ...CLOUD_PROVIDER_IDS.flatMap((id) => {
    const { name, envVars } = CLOUD_PROVIDERS[id];
    return [
      CLOUD_DRIVE_MESSAGES.notConfigured(name, envVars.join(' and ')),
      CLOUD_DRIVE_MESSAGES.notConnected(name),
      CLOUD_DRIVE_MESSAGES.reconnect(name),
      CLOUD_DRIVE_MESSAGES.unreachable(name),
      CLOUD_DRIVE_MESSAGES.connected(name),
      CLOUD_DRIVE_MESSAGES.disconnected(name),
      CLOUD_DRIVE_MESSAGES.connectFailed(name),
    ];
  }),
  CLOUD_DRIVE_MESSAGES.exportFailed('Canva'),
];

function strings(value: unknown, path: string): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => strings(child, `${path}.${key}`));
  return [];
}

describe('the messages catalog', () => {
  const english = CATALOGS.en?.messages ?? {};

  it('holds every message the server and the shared schemas write', () => {
    const missing = Object.entries(MESSAGE_OBJECTS)
      .flatMap(([name, messages]) => strings(messages, name))
      .filter(({ text }) => !LEFT_OUT.has(text) && english[text] === undefined)
      .map(({ path, text }) => `${path}: "${text}"`);
    expect(missing).toEqual([]);
  });

  it('holds the messages computed from the shared limits', () => {
    expect(COMPUTED.filter((text) => english[text] === undefined)).toEqual([]);
  });

  it('maps every English key to itself', () => {
    expect(Object.entries(english).filter(([key, text]) => key !== text)).toEqual([]);
  });
});
