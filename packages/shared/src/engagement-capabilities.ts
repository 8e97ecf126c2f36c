import type { EngagementAction, EngagementPlatform } from './engagement';
import type { PlatformId } from './platforms';

/**
 * What the inbox reads from each platform and which actions its connector performs: the one declaration, read by
 * the connectors (apps/server/src/platforms/<platform>/<platform>.connector.ts), the server's checks and the web's
 * buttons. It says what the connector code implements (a test holds each connector to it); the platforms' own
 * limits behind each `false` are in docs/platforms.md and docs/decisions/0010-engagement.md.
 */
export interface EngagementCapabilities {
  readComments: boolean;
  readMentions: boolean;
  readMessages: boolean;
  like: boolean;
  reply: boolean;
  message: boolean;
}

/** Nothing read, nothing done (also what a test's scripted connector without engagement declares). */
export const NO_ENGAGEMENT: EngagementCapabilities = {
  readComments: false,
  readMentions: false,
  readMessages: false,
  like: false,
  reply: false,
  message: false,
};

/** Everything read and every action (X and Mastodon; a test's scripted connector with engagement). */
export const FULL_ENGAGEMENT: EngagementCapabilities = {
  readComments: true,
  readMentions: true,
  readMessages: true,
  like: true,
  reply: true,
  message: true,
};

export const ENGAGEMENT_CAPABILITIES: Readonly<Record<PlatformId, EngagementCapabilities>> = {
  // Comments on recent media; replies under a comment and a private reply to its author. No like endpoint.
  instagram: { ...NO_ENGAGEMENT, readComments: true, reply: true, message: true },
  twitter: FULL_ENGAGEMENT,
  // Page comments and Messenger conversations.
  facebook: {
    ...NO_ENGAGEMENT,
    readComments: true,
    readMessages: true,
    like: true,
    reply: true,
    message: true,
  },
  // Reactions and comments on a post; nothing is read (no inbox API for members).
  linkedin: { ...NO_ENGAGEMENT, like: true, reply: true },
  bluesky: { ...NO_ENGAGEMENT, readComments: true, readMentions: true, like: true, reply: true },
  mastodon: FULL_ENGAGEMENT,
  threads: NO_ENGAGEMENT,
  tiktok: NO_ENGAGEMENT,
  youtube: NO_ENGAGEMENT,
};

/** Why an action is not offered, shown next to its disabled button (the platforms' limits, docs/platforms.md). */
export const UNAVAILABLE_REASONS: Partial<
  Record<EngagementPlatform, Partial<Record<EngagementAction, string>>>
> = {
  instagram: { like: "Instagram's API does not let business accounts like posts or comments." },
  linkedin: { dm: "LinkedIn's messaging API is open to approved partners only." },
  bluesky: { dm: 'Bluesky direct messages need a chat-enabled app password; reply in the Bluesky app.' },
};
