import { ACCOUNT_MESSAGES } from './accounts';
import { AI_MESSAGES } from './ai';
import { AI_IMAGE_MESSAGES } from './ai-images';
import { REPORT_MESSAGES } from './analytics-report';
import { APPROVAL_MESSAGES } from './approvals';
import { BILLING_MESSAGES } from './billing';
import { BULK_IMPORT_MESSAGES } from './bulk-import';
import { CLIP_HIGHLIGHT_MESSAGES, STREAM_HIGHLIGHT_MESSAGES } from './clips';
import { CLOUD_DRIVE_MESSAGES } from './cloud-drives';
import { ENGAGEMENT_MESSAGES } from './engagement';
import { FEED_MESSAGES } from './feeds';
import { IMAGE_EDIT_MESSAGES } from './image-edit';
import { MEDIA_MESSAGES } from './media';
import { MEDIA_IMPORT_MESSAGES } from './media-imports';
import { ADDRESS_MESSAGES, AUTH_MESSAGES, GENERIC_MESSAGES, INPUT_MESSAGES } from './messages';
import { PLAN_MESSAGES } from './plans';
import { POST_MESSAGES } from './posts';
import { PROXY_MESSAGES } from './proxies';
import { API_KEY_MESSAGES } from './public-api';
import { STREAMING_MESSAGES } from './streaming/messages';
import { UNSPLASH_MESSAGES } from './unsplash';
import { VIDEO_EDITOR_MESSAGES } from './video-editor';
import { CAPTION_MESSAGES } from './video-editor-overlays';
import { WEBHOOK_MESSAGES } from './webhooks';

/**
 * Every error code the API answers with, its HTTP status and its user message (docs/decisions/0063-errors.md).
 * The code is the machine-readable `code` of the JSON error body (the public API documents it: a value never
 * changes); the message is what the user reads, in English as the product specification words it (the web's
 * `messages` catalog translates it). A throw site may give a more specific message than the code's (a 404
 * says which thing was not found); a template is filled with the throw's values. `alsoStatus` lists the other
 * statuses a code has always been answered with at some site: a new throw uses `status`.
 */
export interface ErrorDefinition {
  readonly status: number;
  readonly alsoStatus?: readonly number[];
  readonly message: string | ((...values: never[]) => string);
}

export const ERRORS = {
  // Any route
  VALIDATION_ERROR: { status: 400, alsoStatus: [409], message: GENERIC_MESSAGES.validation },
  NOT_FOUND: { status: 404, message: GENERIC_MESSAGES.notFound },
  /** No session (or it ended): sign in. A role's refusal is FORBIDDEN. */
  UNAUTHORIZED: { status: 401, message: GENERIC_MESSAGES.unauthorized },
  /** The caller's workspace role does not allow the route (packages/shared/src/roles.ts). */
  FORBIDDEN: { status: 403, message: GENERIC_MESSAGES.forbidden },
  CONFLICT: { status: 409, message: GENERIC_MESSAGES.conflict },
  INTERNAL_ERROR: { status: 500, message: GENERIC_MESSAGES.internal },
  RATE_LIMITED: { status: 429, message: GENERIC_MESSAGES.rateLimited },
  /** Fastify's own client errors (bad JSON, unsupported content type) that carry no code of their own. */
  BAD_REQUEST: { status: 400, message: GENERIC_MESSAGES.validation },
  INVALID_CHARACTER: { status: 400, message: INPUT_MESSAGES.nulCharacter },
  NESTED_TOO_DEEPLY: { status: 400, message: INPUT_MESSAGES.tooDeep },
  PRIVATE_ADDRESS: { status: 400, message: ADDRESS_MESSAGES.privateAddress },

  // Sign-in, sign-up, password reset, two-factor (Better Auth's answers, reworded: modules/auth)
  EMAIL_ALREADY_REGISTERED: { status: 409, message: AUTH_MESSAGES.emailAlreadyRegistered },
  INVALID_EMAIL: { status: 400, message: AUTH_MESSAGES.invalidEmail },
  PASSWORD_TOO_SHORT: { status: 400, message: AUTH_MESSAGES.passwordTooShort },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: AUTH_MESSAGES.invalidCredentials },
  TOO_MANY_ATTEMPTS: { status: 429, message: AUTH_MESSAGES.tooManyAttempts },
  INVALID_TOKEN: { status: 400, message: AUTH_MESSAGES.resetInvalidToken },
  CROSS_SITE_REQUEST: { status: 403, message: AUTH_MESSAGES.crossSiteRefused },
  AUTH_RATE_LIMITED: { status: 429, message: AUTH_MESSAGES.authRateLimited },
  WORKSPACE_CREATION_CLOSED: { status: 403, message: AUTH_MESSAGES.workspaceCreationClosed },
  TWO_FACTOR_CODE_INVALID: { status: 401, message: AUTH_MESSAGES.twoFactorCodeInvalid },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    status: 401,
    alsoStatus: [400],
    message: AUTH_MESSAGES.twoFactorChallengeExpired,
  },
  TWO_FACTOR_PASSWORD_INVALID: { status: 400, message: AUTH_MESSAGES.twoFactorPasswordInvalid },
  TWO_FACTOR_STATE: { status: 400, message: AUTH_MESSAGES.twoFactorNotOn },

  // Media library and uploads
  FILE_TOO_LARGE: { status: 413, message: MEDIA_MESSAGES.fileTooLarge },
  STORAGE_FULL: { status: 409, message: MEDIA_MESSAGES.storageFull },
  /** A file that a scheduled post, or one awaiting approval, uses (docs/decisions/0059). */
  MEDIA_IN_USE: { status: 409, message: MEDIA_MESSAGES.inUse },
  /** The server's disk is down to its reserve (MIN_FREE_DISK_MB): nothing more is written. */
  DISK_FULL: { status: 507, message: MEDIA_MESSAGES.diskFull },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: MEDIA_MESSAGES.unsupportedType },
  UNREADABLE_MEDIA: { status: 400, message: MEDIA_MESSAGES.unreadable },
  MEDIA_FETCH_FAILED: { status: 400, message: MEDIA_MESSAGES.fetchFailed },
  NO_FILE: { status: 400, message: MEDIA_MESSAGES.noFile },
  MEDIA_NOT_CONVERTIBLE: { status: 422, message: MEDIA_MESSAGES.notConvertible },
  RANGE_NOT_SATISFIABLE: { status: 416, message: MEDIA_MESSAGES.rangeOutsideFile },
  /** Import from a link (docs/media-import.md): most are an import's stored error, not a response. */
  MEDIA_IMPORT_TOO_MANY: { status: 429, message: MEDIA_IMPORT_MESSAGES.tooMany },
  MEDIA_IMPORT_GONE: { status: 400, message: MEDIA_IMPORT_MESSAGES.gone },
  MEDIA_IMPORT_REFUSED: { status: 400, message: MEDIA_IMPORT_MESSAGES.refused },
  MEDIA_IMPORT_WRONG_TYPE: { status: 415, message: MEDIA_IMPORT_MESSAGES.wrongType },
  MEDIA_IMPORT_TIMEOUT: { status: 504, message: MEDIA_IMPORT_MESSAGES.timeout },
  MEDIA_IMPORT_UNREACHABLE: { status: 502, message: MEDIA_IMPORT_MESSAGES.unreachable },
  MEDIA_IMPORT_FINISHED: { status: 409, message: MEDIA_IMPORT_MESSAGES.notCancellable },
  // Stock photos from Unsplash (modules/media/unsplash, docs/media-import.md)
  UNSPLASH_NOT_CONFIGURED: { status: 503, message: UNSPLASH_MESSAGES.notConfigured },
  UNSPLASH_RATE_LIMITED: { status: 429, message: UNSPLASH_MESSAGES.rateLimited },
  UNSPLASH_BAD_KEY: { status: 502, message: UNSPLASH_MESSAGES.badKey },
  UNSPLASH_UNREACHABLE: { status: 502, message: UNSPLASH_MESSAGES.unreachable },
  /** Cloud import (docs/media-import.md): the operator has not set the provider's keys. */
  CLOUD_DRIVE_NOT_CONFIGURED: { status: 409, message: CLOUD_DRIVE_MESSAGES.notConfigured },
  /** The caller has no connection to this provider in this workspace. */
  CLOUD_DRIVE_NOT_CONNECTED: { status: 404, message: CLOUD_DRIVE_MESSAGES.notConnected },
  /** The provider refused the member's token (expired, revoked): connect again. */
  CLOUD_DRIVE_RECONNECT: { status: 409, message: CLOUD_DRIVE_MESSAGES.reconnect },
  CLOUD_DRIVE_UNREACHABLE: { status: 502, message: CLOUD_DRIVE_MESSAGES.unreachable },
  CLOUD_DRIVE_EXPORT_FAILED: { status: 502, message: CLOUD_DRIVE_MESSAGES.exportFailed },

  /** Feeds (docs/feeds.md). */
  FEED_NOT_FOUND: { status: 404, message: FEED_MESSAGES.notFound },
  FEEDS_TOO_MANY: { status: 409, message: FEED_MESSAGES.tooMany },
  FEED_UNKNOWN_ACCOUNT: { status: 400, message: FEED_MESSAGES.unknownAccount },

  // Posts, publishing, plans
  POST_NOT_EDITABLE: { status: 409, message: POST_MESSAGES.notEditable },
  PUBLISHING_BLOCKED: { status: 403, message: PLAN_MESSAGES.trialEnded },

  // Connected accounts (modules/accounts)
  ACCOUNT_NOT_FOUND: { status: 404, message: ACCOUNT_MESSAGES.notFound },
  UNKNOWN_PLATFORM: { status: 404, message: ACCOUNT_MESSAGES.unknownPlatform },
  PLATFORM_UNAVAILABLE: { status: 409, message: ACCOUNT_MESSAGES.unavailable },
  PLATFORM_NOT_CONFIGURED: { status: 409, message: ACCOUNT_MESSAGES.notConfigured },
  WRONG_CONNECT_METHOD: { status: 400, message: ACCOUNT_MESSAGES.wrongMethod },
  /** The plan's limits on connected accounts (the OAuth callback tells them apart by code). */
  ACCOUNT_LIMIT: { status: 403, message: ACCOUNT_MESSAGES.totalLimit },
  PLATFORM_ACCOUNT_LIMIT: { status: 403, message: ACCOUNT_MESSAGES.perPlatformLimit },
  PLATFORM_REFUSED: { status: 400, alsoStatus: [409], message: ACCOUNT_MESSAGES.exchangeFailed },
  PLATFORM_UNREACHABLE: { status: 502, message: ACCOUNT_MESSAGES.unreachable },
  /** Connecting through a proxy that does not work: nothing was sent, nothing saved (decision 0098). */
  PROXY_FAILED: { status: 502, message: PROXY_MESSAGES.connectFailed },

  // AI assistant (modules/ai)
  AI_NOT_CONFIGURED: { status: 503, message: AI_MESSAGES.notConfigured },
  AI_HOURLY_LIMIT: { status: 429, message: AI_MESSAGES.hourlyLimit },
  AI_BAD_KEY: { status: 502, message: AI_MESSAGES.badKey },
  AI_QUOTA: { status: 503, message: AI_MESSAGES.quota },
  AI_TIMEOUT: { status: 504, message: AI_MESSAGES.timeout },
  AI_UNREACHABLE: { status: 502, message: AI_MESSAGES.unreachable },
  AI_MODEL_NOT_FOUND: { status: 502, message: AI_MESSAGES.modelNotFound },
  AI_PROVIDER_ERROR: { status: 502, message: AI_MESSAGES.providerFailed },
  AI_IMAGES_NOT_CONFIGURED: { status: 503, message: AI_IMAGE_MESSAGES.notConfigured },
  AI_NO_IMAGE: { status: 502, message: AI_IMAGE_MESSAGES.noImage },
  URL_BLOCKED: { status: 400, message: AI_MESSAGES.blockedUrl },
  URL_FETCH_FAILED: { status: 422, alsoStatus: [400, 504], message: AI_MESSAGES.pageFailed },

  // Public API and MCP keys (modules/public-api)
  API_KEY_MISSING: { status: 401, message: API_KEY_MESSAGES.missing },
  API_KEY_INVALID: { status: 401, message: API_KEY_MESSAGES.invalid },
  API_KEY_ACCESS_OFF: { status: 401, message: API_KEY_MESSAGES.disabled },
  API_KEY_READ_ONLY: { status: 403, message: API_KEY_MESSAGES.readOnly },
  API_KEY_LIMIT: { status: 400, message: API_KEY_MESSAGES.tooMany },
  API_KEY_BODY_TOO_LARGE: { status: 413, message: API_KEY_MESSAGES.mcpBodyTooLarge },

  // Bulk import (modules/bulk-import): this very file was imported in the workspace before.
  BULK_IMPORT_REPEATED_FILE: { status: 409, message: BULK_IMPORT_MESSAGES.repeatedFile },

  // Approvals and review links (modules/approvals)
  APPROVAL_CONFLICT: { status: 409, message: APPROVAL_MESSAGES.alreadyDecided },
  /** The approver wrote or submitted the post (docs/decisions/0059). */
  APPROVAL_SELF: { status: 403, message: APPROVAL_MESSAGES.selfApproval },
  REVIEW_LINK_NOT_FOUND: { status: 404, message: APPROVAL_MESSAGES.linkNotFound },
  REVIEW_LINK_EXPIRED: { status: 410, message: APPROVAL_MESSAGES.linkExpired },

  // Analytics reports (modules/analytics)
  REPORT_LINK_EXPIRED: { status: 410, message: REPORT_MESSAGES.expired },
  REPORT_LINK_REVOKED: { status: 410, message: REPORT_MESSAGES.revoked },
  REPORT_LINK_NOT_FOUND: { status: 404, message: REPORT_MESSAGES.notFound },
  PDF_UNAVAILABLE: { status: 503, message: REPORT_MESSAGES.pdfFailed },

  // Billing (modules/billing)
  BILLING_NOT_CONFIGURED: { status: 409, alsoStatus: [404], message: BILLING_MESSAGES.stripeNotConfigured },
  BILLING_PROVIDER_UNAVAILABLE: {
    status: 502,
    alsoStatus: [503],
    message: BILLING_MESSAGES.stripeUnavailable,
  },
  INVALID_WEBHOOK_SIGNATURE: { status: 400, message: BILLING_MESSAGES.invalidSignature },
  ALREADY_SUBSCRIBED: { status: 409, message: BILLING_MESSAGES.alreadySubscribed },

  // Engagement inbox (modules/engagement). VALIDATION is its historical twin of VALIDATION_ERROR, kept: clients see it.
  VALIDATION: { status: 400, message: GENERIC_MESSAGES.validation },
  ENGAGEMENT_RATE_LIMITED: { status: 429, message: ENGAGEMENT_MESSAGES.rateLimitExceeded },
  ACCOUNT_UNAVAILABLE: { status: 409, message: ENGAGEMENT_MESSAGES.accountUnavailable },
  PLATFORM_FAILED: { status: 503, alsoStatus: [422, 502], message: ENGAGEMENT_MESSAGES.platformFailed },

  // Webhooks (modules/webhooks)
  WEBHOOK_LIMIT: { status: 400, message: WEBHOOK_MESSAGES.tooMany },
  WEBHOOK_DELIVERY_PENDING: { status: 409, message: WEBHOOK_MESSAGES.resendPending },
  WEBHOOK_PAUSED: { status: 409, message: WEBHOOK_MESSAGES.testWhilePaused },

  // Streaming (modules/streaming)
  STREAM_LOCKED_WHILE_LIVE: { status: 409, message: STREAMING_MESSAGES.lockedWhileLive },
  STREAM_ALREADY_LIVE: { status: 409, message: STREAMING_MESSAGES.alreadyLive },
  STREAM_NO_DESTINATIONS: { status: 400, message: STREAMING_MESSAGES.noDestinations },
  STREAM_NOT_LIVE: { status: 410, message: STREAMING_MESSAGES.sessionNotLive },
  STREAMING_UNAVAILABLE: { status: 503, message: STREAMING_MESSAGES.streamingUnavailable },
  STREAM_INGEST_BUSY: { status: 409, message: STREAMING_MESSAGES.ingestAlreadyConnected },
  /** The streaming node carrying the stream died or cannot be reached (decision 0113). */
  STREAM_NODE_LOST: { status: 503, message: STREAMING_MESSAGES.nodeStopped },
  /** Sent on the ingest WebSocket only (its close code, not an HTTP status, tells the studio). */
  STREAM_INGEST_FAILED: { status: 502, message: STREAMING_MESSAGES.ingestFailed },
  SCENE_LIMIT: { status: 409, message: STREAMING_MESSAGES.sceneLimit },
  NO_RECORDING: { status: 409, message: STREAM_HIGHLIGHT_MESSAGES.noRecording },

  // Clip highlights and covers (modules/clips)
  ANALYSIS_BUSY: { status: 429, message: CLIP_HIGHLIGHT_MESSAGES.busy },
  ANALYSIS_FAILED: { status: 400, message: CLIP_HIGHLIGHT_MESSAGES.analysisFailed },
  ANALYSIS_UNAVAILABLE: { status: 503, message: CLIP_HIGHLIGHT_MESSAGES.unavailable },
  NOT_A_VIDEO: { status: 400, message: CLIP_HIGHLIGHT_MESSAGES.notAVideo },
  VIDEO_TOO_LONG: { status: 400, message: CLIP_HIGHLIGHT_MESSAGES.tooLong },
  COVER_OUT_OF_RANGE: { status: 400, message: CLIP_HIGHLIGHT_MESSAGES.coverOutsideVideo },
  COVER_FAILED: { status: 400, message: CLIP_HIGHLIGHT_MESSAGES.coverFailed },
  TRANSCRIPTION_FAILED: { status: 400, message: CLIP_HIGHLIGHT_MESSAGES.transcriptFailed },
  TRANSCRIPTION_UNAVAILABLE: { status: 503, message: CLIP_HIGHLIGHT_MESSAGES.transcriptUnavailable },

  // Image editor (modules/image-editor)
  NOT_AN_IMAGE: { status: 400, message: IMAGE_EDIT_MESSAGES.notAnImage },
  IMAGE_EDIT_FAILED: { status: 400, message: IMAGE_EDIT_MESSAGES.renderFailed },

  // Video editor (modules/video-editor)
  VIDEO_LOAD_FAILED: { status: 400, message: VIDEO_EDITOR_MESSAGES.loadFailed },
  TRIM_OUT_OF_RANGE: { status: 400, message: VIDEO_EDITOR_MESSAGES.pastDuration },
  FAST_TRIM_UNSUPPORTED: { status: 400, message: VIDEO_EDITOR_MESSAGES.fastNeedsSameCodecs },
  CAPTIONS_INVALID: { status: 400, message: CAPTION_MESSAGES.captionsEmpty },
  EXPORT_TOO_LARGE: { status: 413, message: VIDEO_EDITOR_MESSAGES.exportTooLarge },
  EXPORT_FAILED: { status: 500, message: VIDEO_EDITOR_MESSAGES.trimFailed },
  TOO_MANY_EXPORTS: { status: 429, message: VIDEO_EDITOR_MESSAGES.tooManyJobs },
  TIMELINE_FAILED: { status: 400, message: VIDEO_EDITOR_MESSAGES.timelineFailed },
  NO_AUDIO: { status: 404, message: VIDEO_EDITOR_MESSAGES.noSound },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** The values a code's template message is filled with (an empty list for a fixed message). */
export type ErrorMessageValues<C extends ErrorCode> = (typeof ERRORS)[C]['message'] extends (
  ...values: infer V
) => string
  ? V
  : [];

/** Every status a code may be answered with: its own, and the ones listed as `alsoStatus`. */
export type ErrorStatus<C extends ErrorCode> = C extends ErrorCode
  ?
      | (typeof ERRORS)[C]['status']
      | ((typeof ERRORS)[C] extends { alsoStatus: readonly (infer S)[] } ? S : never)
  : never;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The code's user message, its template filled with `values`. */
export function errorMessage<C extends ErrorCode>(code: C, ...values: ErrorMessageValues<C>): string {
  const { message } = ERRORS[code] as ErrorDefinition;
  return typeof message === 'string' ? message : (message as (...filled: unknown[]) => string)(...values);
}

/** The one JSON error shape of the API. */
export interface ApiErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  requestId?: string;
  /** With 429: seconds until the request may be tried again (also in the Retry-After header). */
  retryAfterSeconds?: number;
}
