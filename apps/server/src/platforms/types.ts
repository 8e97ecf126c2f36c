import type { PostMetric } from '@relaycast/shared/analytics';
import type { EngagementCapabilities } from '@relaycast/shared/engagement-capabilities';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { AddressPolicy } from '../lib/address-policy';

/**
 * The one interface every social network's connector implements (docs/architecture.md, "Platforms"). Callers never
 * branch on the platform id: what a network can do is read from `capabilities`, and everything it does goes
 * through these methods. One folder per platform under `apps/server/src/platforms/<platform>/`.
 *
 * Over 300 lines on purpose: the one contract between the server and every platform (publishing, engagement,
 * analytics); split, a connector's obligations would be read across files.
 */

/** What a connector's failure means for the caller. */
export type PlatformErrorKind =
  /** 429, 5xx, network errors, timeouts before the request was sent: safe to try again later. */
  | 'retry'
  /** 401, revoked or expired tokens: the user must reconnect the account. */
  | 'reauthorize'
  /** The platform refused the content itself; `message` is the platform's own reason, shown to the user. */
  | 'refuse'
  /**
   * The request may have reached the platform and we cannot tell whether it acted (timeout or connection
   * reset after the body was sent). Publishing must never blindly retry this.
   */
  | 'unknown';

export class PlatformError extends Error {
  constructor(
    public readonly kind: PlatformErrorKind,
    message: string,
    public readonly details: {
      /** HTTP status of the platform's answer, when there was one. */
      status?: number;
      /** When to try again (from Retry-After / x-rate-limit-reset and the like), in ms from now. */
      retryAfterMs?: number;
      /** The platform's own error code, for logs. */
      platformCode?: string;
    } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface ConnectorCapabilities {
  /** How the user connects: OAuth 2 redirect, handle + app password (Bluesky), or per-instance OAuth (Mastodon). */
  auth: 'oauth2' | 'app-password' | 'instance-oauth2';
  /** Whether the authorize step uses PKCE (S256). */
  pkce: boolean;
  /** Whether tokens expire and can be refreshed without the user. */
  refresh: boolean;
  publishText: boolean;
  publishImages: boolean;
  publishVideo: boolean;
  /** Media must be reachable at a public URL (Instagram, Threads), rather than uploaded as bytes. */
  mediaByUrl: boolean;
  /** The connector can list the account's recent posts, so a publish of unknown outcome can be reconciled. */
  listRecentPosts: boolean;
  /** What the connector reads and does: the shared declaration (packages/shared/src/engagement-capabilities.ts). */
  engagement: EngagementCapabilities;
  /** Publishes in flight at once per process for this platform (also the analytics pulls in flight). */
  maxConcurrency: number;
  /**
   * Analytics (docs/analytics.md): every read is billed (X's pay-per-use), so the collector keeps the workspace's monthly
   * read budget (`analytics_read_budgets`, counted by `AnalyticsOperations` `reads`) before each pull.
   */
  analyticsReadsBilled?: boolean;
  /**
   * A publish repeated with the same `idempotencyKey` within this long returns the first post instead of posting
   * again (Mastodon: 1 hour). When reconciling cannot tell whether a post arrived, it is then sent again.
   */
  idempotentPublishMs?: number;
}

/** Secrets and identity of one connected account, decrypted for the duration of a call. */
export interface AccountCredentials {
  accessToken: string;
  /** Absent when the platform issues none; a refresh never replaces a stored one with an empty one. */
  refreshToken?: string;
  /** When the access token expires; absent when it does not. */
  expiresAt?: Date;
  /** The platform's id for the account (user id, page id, DID…). */
  platformAccountId: string;
  /**
   * Non-secret per-account data the connector needs (Mastodon instance URL, Bluesky PDS URL, the Facebook
   * page id, the Instagram business account id…). Stored in clear.
   */
  meta: Record<string, string>;
  /**
   * Secret per-account data besides the tokens (a Bluesky app password, a Facebook page token). Stored
   * encrypted like the tokens.
   */
  secrets: Record<string, string>;
}

/** What a successful authorization or refresh yields. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
  scopes?: string[];
  /** Merged into the account's `secrets` (a page token, an app password…). */
  secrets?: Record<string, string>;
  /** Merged into the account's `meta`. */
  meta?: Record<string, string>;
}

export interface AccountProfile {
  platformAccountId: string;
  handle: string;
  displayName: string;
  avatarUrl?: string;
}

export interface ConnectedIdentity {
  tokens: TokenSet;
  profile: AccountProfile;
}

/**
 * The app's credentials at the platform and where its API lives. Each connector declares `defaultUrls` (API
 * host, authorize page, token endpoint, upload host…); `<PLATFORM>_BASE_URL` replaces the origin of every one of
 * them (paths kept), which is how tests and the browser tests point a connector at a local fake.
 */
export interface ConnectorSettings {
  clientId?: string;
  clientSecret?: string;
  /** The connector's `defaultUrls`, with the configured origin override applied. */
  urls: Record<string, string>;
  /** Where the platform sends the user back after authorizing: `${PUBLIC_URL}/api/accounts/oauth/<platform>/callback`. */
  redirectUri: string;
  /**
   * Which addresses a user-given host (a Mastodon instance, a Bluesky service) may resolve to: the server's
   * address policy (ALLOW_PRIVATE_ADDRESSES, lib/address-policy.ts). Absent = the strict policy.
   */
  addressPolicy?: AddressPolicy;
}

export interface AuthorizationRequest {
  state: string;
  /** PKCE S256 challenge, when `capabilities.pkce`. */
  codeChallenge?: string;
  redirectUri: string;
  /** Mastodon: the instance, and the client id registered there. */
  instance?: { url: string; clientId: string };
  /** Extra scopes beyond the connector's defaults (rarely needed). */
  scopes?: string[];
}

export interface CodeExchange {
  code: string;
  codeVerifier?: string;
  redirectUri: string;
  instance?: { url: string; clientId: string; clientSecret: string };
}

/** One media file attached to a post, as a connector receives it. */
export interface PublishMedia {
  id: string;
  kind: 'image' | 'gif' | 'video';
  mimeType: string;
  sizeBytes: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** Reads the bytes (local disk or S3). */
  open(): Promise<NodeJS.ReadableStream>;
  /** A time-limited URL under PUBLIC_URL the platform can fetch (Instagram, Threads, TikTok pull). */
  publicUrl: string;
  /** The description for people who cannot see it ('' when none); sent where the platform takes one. */
  altText: string;
}

export interface PublishRequest {
  /** The text for this platform (the post's override for it, else the shared content). */
  text: string;
  media: PublishMedia[];
  /**
   * Unique per target and attempt series. Platforms that accept an idempotency key get it; reconciliation
   * also matches on the text and time.
   */
  idempotencyKey: string;
  /** An Instagram Reel's cover (docs/reel-covers.md): a moment of the video, or an image's public URL. */
  reelCover?: { offsetMs: number } | { imageUrl: string };
  /**
   * A thread's part 2..N (docs/threads.md): published as a reply to `parent` (the part before it) in the thread
   * started by `root` (part 1). Only on platforms of THREAD_PLATFORMS (packages/shared/src/threads.ts).
   */
  replyTo?: { root: ThreadPartRef; parent: ThreadPartRef };
}

/** A published part of a thread, as a reply needs it. */
export interface ThreadPartRef {
  platformPostId: string;
  /** Bluesky: the record's cid (a reply names both the uri and the cid of its root and parent). */
  ref?: string;
}

export interface PublishedPost {
  platformPostId: string;
  url: string;
  /** Bluesky: the record's cid, kept so a later part of the thread can reply to it. */
  ref?: string;
}

export interface RecentPost {
  platformPostId: string;
  url: string;
  text: string;
  createdAt: Date;
}

/** Everything a connector call gets besides its own arguments. */
export interface CallContext {
  settings: ConnectorSettings;
  /** Aborts the call (shutdown, timeout). */
  signal?: AbortSignal;
  /** Defaults to global fetch; tests may inject. */
  fetch?: typeof fetch;
  /**
   * True when `fetch` goes through the account's proxy (docs/proxies.md): the proxy resolves and reaches the
   * targets, so userHostContext keeps this fetch rather than replacing it with a direct one.
   */
  viaProxy?: boolean;
}

/** One comment, mention or direct message read from a platform (docs/decisions/0010-engagement.md, the engagement inbox). */
export interface PlatformInboxItem {
  /** The platform's id of the comment / mention / message; unique per account. */
  platformItemId: string;
  kind: 'comment' | 'mention' | 'message';
  text: string;
  createdAt: Date;
  author: { platformUserId: string; handle: string; displayName?: string; avatarUrl?: string };
  /** The platform's id of the post it belongs to (comments, mentions that reply to a post). */
  platformPostId?: string;
  /** Direct messages: the conversation / thread id. */
  conversationId?: string;
  url?: string;
}

/** What an engagement action acts on. */
export interface EngagementTarget {
  platformItemId: string;
  kind: PlatformInboxItem['kind'];
  platformPostId?: string;
  conversationId?: string;
  authorPlatformUserId?: string;
  /** The author's handle (Mastodon delivers replies and direct messages by @-mention). */
  authorHandle?: string;
}

/** Engagement operations (docs/decisions/0010-engagement.md). Present only where the platform allows them (see capabilities.engagement). */
export interface EngagementOperations {
  /** Items newer than `since` (all recent ones when absent), newest first, plus a cursor for the next page. */
  listInbox?(
    ctx: CallContext,
    credentials: AccountCredentials,
    input: { since?: Date; cursor?: string },
  ): Promise<{ items: PlatformInboxItem[]; nextCursor?: string }>;
  like?(ctx: CallContext, credentials: AccountCredentials, target: EngagementTarget): Promise<void>;
  reply?(
    ctx: CallContext,
    credentials: AccountCredentials,
    target: EngagementTarget,
    text: string,
  ): Promise<{ platformItemId: string; url?: string }>;
  message?(
    ctx: CallContext,
    credentials: AccountCredentials,
    target: EngagementTarget,
    text: string,
  ): Promise<{ platformItemId?: string }>;
}

/** One figure as a platform gives it (docs/analytics.md): its value, its name at the platform, people or events. */
export interface PlatformFigure {
  value: number;
  /** The metric as the platform calls it (`public_metrics.like_count`, `post_media_view`, `likeCount`…). */
  platformMetric: string;
  kind: 'unique' | 'total';
}

/** A published post whose figures are wanted. */
export interface AnalyticsPostRef {
  platformPostId: string;
  publishedAt: Date;
  /** Meta: IMAGE, VIDEO, CAROUSEL_ALBUM, REELS, TEXT… (valid metrics differ per media type); absent elsewhere. */
  mediaType?: string;
}

/**
 * Analytics (docs/analytics.md): what a connector reads. A metric the platform does not give is absent from the answer
 * (shown as "not available"), never 0. `reads` counts billed resources (X is pay-per-read) so the collector can
 * keep the owner's monthly budget.
 */
export interface AnalyticsOperations {
  /** Account-level figures: followers, at least. */
  readAccount(
    ctx: CallContext,
    credentials: AccountCredentials,
  ): Promise<{ figures: Partial<Record<'followers', PlatformFigure>>; reads: number }>;
  /**
   * Cumulative figures of the given posts (batched as the platform allows). `skipMetrics` holds the
   * `${mediaType}:${platformMetric}` pairs the platform refused before (Meta error #100): they are not asked for.
   * A metric refused now is dropped, the rest of the request retried, and the pair reported in `refused`.
   * A post the platform no longer has is left out of `posts`.
   */
  readPosts(
    ctx: CallContext,
    credentials: AccountCredentials,
    posts: AnalyticsPostRef[],
    options: { skipMetrics: ReadonlySet<string> },
  ): Promise<{
    posts: Record<string, Partial<Record<PostMetric, PlatformFigure>>>;
    refused: Array<{ mediaType: string; platformMetric: string; reason: string }>;
    reads: number;
  }>;
  /**
   * The account's broadcast live right now and its concurrent viewers (`viewers` absent when the platform hides
   * them); `live: false` when the account is not live. Only platforms whose API gives a viewer count have it.
   */
  readLiveViewers?(
    ctx: CallContext,
    credentials: AccountCredentials,
  ): Promise<{ live: boolean; viewers?: PlatformFigure; reads: number }>;
}

/**
 * How `checkClient` told that the keys work: the platform issued an app token for them (a client-credentials
 * grant), or its token endpoint authenticated the client and refused only a made-up authorization code.
 */
export type ClientCheck = 'app-token' | 'client-authentication';

export interface Connector {
  platform: PlatformId;
  capabilities: ConnectorCapabilities;
  /** The connector's endpoints on the real platform, by name (`api`, `authorize`, `token`, `upload`…). */
  defaultUrls: Record<string, string>;
  /** OAuth scopes requested on connect. */
  scopes: readonly string[];
  /**
   * Whether the platform needs an app registered by the operator (`<PLATFORM>_CLIENT_ID` and
   * `<PLATFORM>_CLIENT_SECRET`). Bluesky (app password) and Mastodon (registers itself per instance) do not.
   */
  requiresClientCredentials: boolean;

  // Authorization -----------------------------------------------------------------------------------------
  /** OAuth platforms: the URL to send the user to. */
  authorizationUrl?(ctx: CallContext, request: AuthorizationRequest): string;
  /** OAuth platforms: trades the callback's code for tokens and reads the account's profile. */
  exchangeCode?(ctx: CallContext, exchange: CodeExchange): Promise<ConnectedIdentity>;
  /** Mastodon: registers the app on an instance (POST /api/v1/apps). */
  registerApp?(
    ctx: CallContext,
    input: { instanceUrl: string; redirectUri: string; appName: string; website: string },
  ): Promise<{ clientId: string; clientSecret: string }>;
  /** Bluesky: connects with a handle and an app password. */
  connectWithPassword?(
    ctx: CallContext,
    /** `service`: the user's own server (a Bluesky PDS), when not the default one. */
    input: { identifier: string; password: string; service?: string },
  ): Promise<ConnectedIdentity>;
  /** Refreshes the tokens (`capabilities.refresh`). Throws PlatformError('reauthorize') when refused. */
  refresh?(ctx: CallContext, credentials: AccountCredentials): Promise<TokenSet>;
  /**
   * Platforms with operator keys: asks the platform whether `clientId` and `clientSecret` work, without a user
   * (docs/platform-setup.md). Resolves with how it could tell; throws PlatformError: 'refuse' or 'reauthorize'
   * when the platform refused the keys, 'retry' when it could not be reached.
   */
  checkClient?(ctx: CallContext): Promise<ClientCheck>;

  // Publishing --------------------------------------------------------------------------------------------
  /** Publishes one post, running the platform's media flow (upload or container, poll, publish). */
  publish(ctx: CallContext, credentials: AccountCredentials, request: PublishRequest): Promise<PublishedPost>;
  /**
   * Comments as the account on its own post just published (the first comment: docs/alt-text-and-first-comment.md).
   * Present where the platform allows it (packages/shared/src/alt-text.ts FIRST_COMMENT_PLATFORMS).
   */
  comment?(
    ctx: CallContext,
    credentials: AccountCredentials,
    input: { platformPostId: string; text: string },
  ): Promise<{ platformCommentId: string }>;
  /** The account's posts created since `since`, newest first (`capabilities.listRecentPosts`). */
  listRecentPosts?(ctx: CallContext, credentials: AccountCredentials, since: Date): Promise<RecentPost[]>;

  // Engagement (docs/decisions/0010-engagement.md) -----------------------------------------------------------------------------------
  engagement?: EngagementOperations;

  // Analytics (docs/analytics.md) -----------------------------------------------------------------------------------
  analytics?: AnalyticsOperations;
}
