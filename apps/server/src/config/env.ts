/**
 * The server's configuration: every environment variable, validated once at start with its default (the
 * README's configuration table lists them). Over 300 lines on purpose: one schema is the one place a
 * self-hoster's setting is read, defaulted and checked; split, two files could disagree on a default.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CloudProviderId } from '@relaycast/shared/cloud-drives';
import type { BillingMode } from '@relaycast/shared/plans';
import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import { z } from 'zod';
import { type AiConfig, aiConfigOf } from './ai-env';
import { readOrCreateSecret } from './app-secret';
import { billingEnvShape, readBillingEnv, type StripeSettings } from './billing-env';
import { type CloudDriveSettings, cloudDrivesEnvShape, readCloudDrivesEnv } from './cloud-drives-env';
import { type InstallLimits, installLimitsEnvShape, readInstallLimits } from './install-limits-env';
import { metricsEnvShape } from './metrics-env';
import { nodesEnvShape, rtmpEnabledOf } from './nodes-env';
import { DEFAULT_WEB_DIST_DIR } from './paths';
import { type PublishingConfig, publishingEnvShape, readPublishing } from './publishing-env';
import { readUnsplashEnv, type UnsplashConfig, unsplashEnvShape } from './unsplash-env';

export type { AiConfig } from './ai-env';

/** A public address echo: answers `{"ip":"…"}`, the address that reached it. */
export const DEFAULT_PROXY_CHECK_URL = 'https://api.ipify.org?format=json';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Per platform: the app's client id and secret at the platform (OAuth), and `<PLATFORM>_BASE_URL`, which
 * replaces the origin of every URL the connector calls (a local fake in tests, a proxy in production).
 */
const platformEnvShape = Object.fromEntries(
  PLATFORM_IDS.flatMap((platform) => {
    const prefix = platform.toUpperCase();
    return [
      [`${prefix}_CLIENT_ID`, optionalSecret],
      [`${prefix}_CLIENT_SECRET`, optionalSecret],
      [`${prefix}_BASE_URL`, optionalUrl(['http://', 'https://'])],
    ];
  }),
) as Record<string, typeof optionalSecret>;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. `.env.example` documents each one. */
export const envSchema = z.object({
  ...platformEnvShape,
  /**
   * Lets users point the server at addresses inside its own network (AI base URL, RTMP destinations, Mastodon
   * instances, Bluesky services, article and video URLs): decision 0014. Off by default.
   */
  ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** What "Check proxy" asks through an account's proxy: an address echo (docs/proxies.md). */
  PROXY_CHECK_URL: optionalUrl(['http://', 'https://']),
  /** Deprecated alias of ALLOW_PRIVATE_ADDRESSES (it used to cover Mastodon and Bluesky only). */
  PLATFORM_ALLOW_PRIVATE_URLS: booleanFlag,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  /** Where short links are served (docs/short-links.md): a second, short domain pointing here; else PUBLIC_URL. */
  SHORT_LINK_BASE_URL: optionalUrl(['http://', 'https://']),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  APP_SECRET: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),
  TRUSTED_ORIGINS: z.string().optional(),
  /**
   * Peers whose X-Forwarded-For/-Proto/-Host headers are believed: addresses, CIDRs or proxy-addr keywords
   * (loopback, linklocal, uniquelocal), comma-separated. Default: loopback only.
   */
  TRUST_PROXY: z.string().trim().default('loopback'),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().min(3).default('Relaycast <no-reply@relaycast.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Sign-in, sign-up and password-reset requests per client IP per minute (reading the session is free). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** The same requests per e-mail address per 15 minutes, from any number of IPs. */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(20),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
  /** PocketSphinx's English model (Debian package `pocketsphinx-en-us`) for the clips' speech-to-text. */
  POCKETSPHINX_MODEL_DIR: z.string().trim().min(1).default('/usr/share/pocketsphinx/model/en-us'),
  /** Debian's Chromium, which prints the /analytics PDF report; without it the PDF answers 503. */
  CHROMIUM_PATH: z.string().trim().min(1).default('/usr/bin/chromium'),
  /** The RTMP relay (live streaming): default on for ROLE=all only, off under NODE_ENV=test (nodes-env.ts). */
  RTMP_ENABLED: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** Port of the RTMP relay that OBS and the stream engine publish to; 0 = any free port. */
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  RTMP_HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** How long a stream from OBS stays live after OBS drops, so it can reconnect. */
  STREAM_RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(10),
  STREAM_SLATE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  STREAM_SLATE_IMAGE: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl(['http://', 'https://']),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  AI_PROVIDER: z
    .enum(['openai', 'anthropic', 'openai-compatible', ''])
    .optional()
    .transform((value) => (value ? value : undefined)),
  AI_BASE_URL: optionalUrl(['http://', 'https://']),
  AI_MODEL: z.string().trim().optional(),
  AI_API_KEY: z.string().trim().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  AI_HOURLY_LIMIT: z.coerce.number().int().min(1).default(60),
  /** The provider's speech-to-text model (`POST {base}/audio/transcriptions`, e.g. whisper-1); unset: local only. */
  AI_TRANSCRIPTION_MODEL: z.string().trim().optional(),
  /** The provider's image model (`POST {base}/images/generations`); openai defaults to gpt-image-1. */
  AI_IMAGE_MODEL: z.string().trim().optional(),
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_<PLAN>_<PERIOD>, STRIPE_API_BASE, ADMIN_EMAILS. */
  ...billingEnvShape,
  /** Overrides the billing mode STRIPE_SECRET_KEY implies (tests and staging run "managed" without Stripe). */
  BILLING_MODE: z
    .enum(['managed', 'self-hosted', ''])
    .optional()
    .transform((value) => (value ? value : undefined)),
  ...installLimitsEnvShape,
  /** DROPBOX_APP_KEY/SECRET, GOOGLE_DRIVE_, ONEDRIVE_, CANVA_CLIENT_ID/SECRET and each one's _BASE_URL. */
  ...cloudDrivesEnvShape,
  ...metricsEnvShape,
  ...nodesEnvShape,
  ...publishingEnvShape,
  ...unsplashEnvShape,
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  STREAM_REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Seconds between background inbox syncs of each connected account; 0 turns the sweep off. */
  ENGAGEMENT_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Seconds between analytics pulls of each connected account (docs/analytics.md); 0 turns the collector off. */
  ANALYTICS_COLLECT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
});

export type Env = z.infer<typeof envSchema>;

export interface PlatformConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Replaces the origin of every URL the connector calls. */
  baseUrl: string | undefined;
}

export interface Config extends PublishingConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** PUBLIC_URL, or http://localhost:PORT when unset (then links follow the request: lib/request-origin.ts). */
  publicUrl: string;
  /** True when PUBLIC_URL was set: only it and TRUSTED_ORIGINS are accepted as origins. */
  publicUrlConfigured: boolean;
  /** SHORT_LINK_BASE_URL without a trailing slash, or undefined (short links then use the public URL). */
  shortLinkBaseUrl: string | undefined;
  /** TRUST_PROXY, for Fastify's trustProxy (proxy-addr syntax). */
  trustProxy: string[];
  dataDir: string;
  /** Set when a real PostgreSQL is used; otherwise PGlite runs in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** METRICS_TOKEN (config/metrics-env.ts): undefined, no /metrics. */
  metricsToken: string | undefined;
  /** NODE_INTERNAL_URL (config/nodes-env.ts): where other nodes reach this one; undefined: derived at listen. */
  nodeInternalUrl: string | undefined;
  /** Directory of the PGlite data; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  appSecret: string;
  trustedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  /** Built web app to serve; undefined when it has not been built. */
  webDistDir: string | undefined;
  authRateLimitPerMinute: number;
  authRateLimitPerEmail: number;
  /** Uploaded media when stored on local disk: `${dataDir}/media`. */
  mediaDir: string;
  /** Set when media go to an S3-compatible store instead of the local disk. */
  s3: S3Config | undefined;
  ffmpegPath: string;
  ffprobePath: string;
  /** The folder of PocketSphinx's English model: `en-us/`, `cmudict-en-us.dict`, `en-us.lm.bin`. */
  pocketsphinxModelDir: string;
  chromiumPath: string;
  /**
   * `managed` when STRIPE_SECRET_KEY is set (or BILLING_MODE=managed): a trial on Standard's limits, then
   * publishing pauses until a plan is chosen. `self-hosted` otherwise: no trial end, the highest plan's account
   * limits unless the administrator sets a plan (`npm run admin`), and the install's own file-size and storage
   * limits (installLimits). The rule: workspaces/plan-status.ts.
   */
  billingMode: BillingMode;
  /** MAX_UPLOAD_MB, WORKSPACE_STORAGE_MB, MIN_FREE_DISK_MB (config/install-limits-env.ts). */
  installLimits: InstallLimits;
  /** Stripe's keys and prices when STRIPE_SECRET_KEY is set (config/billing-env.ts); else undefined. */
  stripe: StripeSettings | undefined;
  /** ADMIN_EMAILS, normalized: who may open /admin (the instance's workspaces and their plans). */
  adminEmails: string[];
  /** The RTMP relay of the live engine (apps/server/src/modules/streaming/live). */
  rtmp: RtmpConfig;
  ai: AiConfig;
  /** UNSPLASH_* (config/unsplash-env.ts): undefined without an access key, no stock photos. */
  unsplash: UnsplashConfig | undefined;
  /** Each social platform's app credentials and URL override (platforms/registry.ts). */
  platforms: Record<PlatformId, PlatformConfig>;
  /** Cloud import's OAuth apps (config/cloud-drives-env.ts). */
  cloudDrives: Record<CloudProviderId, CloudDriveSettings>;
  /**
   * Whether addresses users give the server (AI base URL, RTMP destinations, Mastodon instances, Bluesky
   * services, articles) may be private, loopback or link-local (ALLOW_PRIVATE_ADDRESSES, or its deprecated alias
   * PLATFORM_ALLOW_PRIVATE_URLS). Off by default: such an address would let users reach the server's own
   * network (lib/address-policy.ts). Tests and LAN-only setups turn it on.
   */
  allowPrivateAddresses: boolean;
  /** The address echo "Check proxy" asks through an account's proxy (PROXY_CHECK_URL, docs/proxies.md). */
  proxyCheckUrl: string;
  /**
   * What this process does: `all` (default) serves the API and runs the job workers and sweeps; `api` only
   * serves (and enqueues jobs); `worker` runs the workers and sweeps too (ROLE; docs/decisions/0007).
   */
  role: 'all' | 'api' | 'worker';
  /** How often planned streams that are due get their reminder; 0 turns the reminder timer off. */
  streamReminderIntervalMs: number;
  /** Seconds between background inbox syncs of each account (engagement); 0 = no background sweep. */
  engagementSyncIntervalSeconds: number;
  /** Seconds between analytics pulls of each account (posts follow POST_FOLLOW_UP); 0 = no collector. */
  analyticsCollectIntervalSeconds: number;
}

export interface RtmpConfig {
  enabled: boolean;
  host: string;
  /** 0: any free port (tests). */
  port: number;
  /** node-media-server keeps a dropped publish open this long so OBS can resume. */
  reconnectGraceMs: number;
  /** How long the destinations show the slate after the source drops before the stream ends; 0: no slate (decision 0101). */
  slateGraceMs: number;
  /** A still image (PNG/JPEG path) for the slate; null: a dark frame saying "We'll be right back". */
  slateImage: string | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Custom endpoint of an S3-compatible store (MinIO, R2, Ceph…); undefined for AWS. */
  endpoint: string | undefined;
  /** Undefined: the AWS SDK's default credential chain (instance role, shared config). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** sysexits' EX_CONFIG for a refused configuration: the supervisor (supervise.mjs) and systemd do not restart on it. */
export const EXIT_CONFIG = 78;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once. Throws a ConfigError listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const s3Problems = [
    env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY
      ? 'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID'
      : '',
    env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID
      ? 'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY'
      : '',
  ].filter(Boolean);
  const billing = readBillingEnv(env);
  if (s3Problems.length + billing.problems.length > 0)
    throw new ConfigError([...s3Problems, ...billing.problems]);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const webDistDir = env.WEB_DIST_DIR
    ? path.resolve(env.WEB_DIST_DIR)
    : existsSync(path.join(DEFAULT_WEB_DIST_DIR, 'index.html'))
      ? DEFAULT_WEB_DIST_DIR
      : undefined;
  const extraOrigins = (env.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const base: Config = {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    shortLinkBaseUrl: env.SHORT_LINK_BASE_URL?.replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    metricsToken: env.METRICS_TOKEN || undefined,
    nodeInternalUrl: env.NODE_INTERNAL_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    appSecret: '',
    trustedOrigins: [],
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    webDistDir,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    authRateLimitPerEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
    mediaDir: path.join(dataDir, 'media'),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    pocketsphinxModelDir: env.POCKETSPHINX_MODEL_DIR,
    chromiumPath: env.CHROMIUM_PATH,
    rtmp: {
      enabled: rtmpEnabledOf(env),
      host: env.RTMP_HOST,
      port: env.RTMP_PORT,
      reconnectGraceMs: env.STREAM_RECONNECT_GRACE_SECONDS * 1000,
      slateGraceMs: env.STREAM_SLATE_SECONDS * 1000,
      slateImage: env.STREAM_SLATE_IMAGE || null,
    },
    ai: aiConfigOf(env),
    unsplash: readUnsplashEnv(env),
    platforms: Object.fromEntries(
      PLATFORM_IDS.map((platform) => {
        const prefix = platform.toUpperCase();
        const read = (name: string) =>
          (env as Record<string, unknown>)[`${prefix}_${name}`] as string | undefined;
        return [
          platform,
          { clientId: read('CLIENT_ID'), clientSecret: read('CLIENT_SECRET'), baseUrl: read('BASE_URL') },
        ];
      }),
    ) as Record<PlatformId, PlatformConfig>,
    cloudDrives: readCloudDrivesEnv(env),
    allowPrivateAddresses:
      env.ALLOW_PRIVATE_ADDRESSES === undefined || env.ALLOW_PRIVATE_ADDRESSES === ''
        ? env.PLATFORM_ALLOW_PRIVATE_URLS
        : env.ALLOW_PRIVATE_ADDRESSES === 'true' || env.ALLOW_PRIVATE_ADDRESSES === '1',
    proxyCheckUrl: env.PROXY_CHECK_URL ?? DEFAULT_PROXY_CHECK_URL,
    billingMode: env.BILLING_MODE ?? (billing.stripe ? 'managed' : 'self-hosted'),
    installLimits: readInstallLimits(env),
    stripe: billing.stripe,
    adminEmails: billing.adminEmails,
    role: env.ROLE,
    ...readPublishing(env),
    streamReminderIntervalMs: env.STREAM_REMINDER_INTERVAL_MS,
    engagementSyncIntervalSeconds: env.ENGAGEMENT_SYNC_INTERVAL_SECONDS,
    analyticsCollectIntervalSeconds: env.ANALYTICS_COLLECT_INTERVAL_SECONDS,
  };
  const merged = { ...base, ...overrides };
  if (overrides.dataDir && !overrides.mediaDir) merged.mediaDir = path.join(merged.dataDir, 'media');
  merged.publicUrl = merged.publicUrl.replace(/\/+$/, '');
  if (overrides.publicUrl && overrides.publicUrlConfigured === undefined) merged.publicUrlConfigured = true;
  merged.trustedOrigins = overrides.trustedOrigins ?? [new URL(merged.publicUrl).origin, ...extraOrigins];
  merged.appSecret = overrides.appSecret ?? env.APP_SECRET ?? readOrCreateSecret(merged.dataDir);
  return merged;
}
