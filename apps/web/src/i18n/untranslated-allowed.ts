/**
 * Text the untranslated-string check (catalogs.test.ts) lets through: names, which read the same in every
 * language. Everything else a person reads goes through `t()`.
 */
export const UNTRANSLATED_ALLOWED: ReadonlySet<string> = new Set([
  'Relaycast',
  'Facebook',
  'Instagram',
  'Twitter',
  'X',
  'LinkedIn',
  'YouTube',
  'TikTok',
  'Twitch',
  'Mastodon',
  'Bluesky',
  'Threads',
  'Pinterest',
  'OBS',
  'RTMP',
  'RTMPS',
  'SRT',
  'WHIP',
  'API',
  'MCP',
  'OpenAPI',
  'GitHub',
  'URL',
  'PDF',
  'CSV',
  'SMTP',
]);
