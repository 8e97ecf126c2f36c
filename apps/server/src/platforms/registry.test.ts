import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import { PLATFORM_IDS } from '@relaycast/shared/platforms';
import { describe, expect, it } from 'vitest';
import { connectorFor, hasConnector } from './registry';

/**
 * What a platform's engagement can do is declared once, in packages/shared/src/engagement-capabilities.ts (the
 * web shows it); every connector reads that declaration and implements exactly what it says.
 */
describe('the connectors’ engagement capabilities', () => {
  const connected = PLATFORM_IDS.filter(hasConnector);

  it('are the shared declaration, for every platform with a connector', () => {
    for (const platform of connected) {
      expect({ platform, ...connectorFor(platform).capabilities.engagement }).toEqual({
        platform,
        ...ENGAGEMENT_CAPABILITIES[platform],
      });
    }
  });

  it('offer an action exactly where the connector implements it', () => {
    for (const platform of connected) {
      const { capabilities, engagement } = connectorFor(platform);
      const declared = capabilities.engagement;
      const implemented = {
        reads: Boolean(engagement?.listInbox),
        like: Boolean(engagement?.like),
        reply: Boolean(engagement?.reply),
        message: Boolean(engagement?.message),
      };
      expect({ platform, ...implemented }).toEqual({
        platform,
        reads: declared.readComments || declared.readMentions || declared.readMessages,
        like: declared.like,
        reply: declared.reply,
        message: declared.message,
      });
    }
  });
});

/** "Check keys" (docs/platform-setup.md) asks the connector: every platform with operator keys can answer it. */
describe('the connectors’ key check', () => {
  it('exists exactly on the connectors whose platform needs keys from the operator', () => {
    for (const platform of PLATFORM_IDS.filter(hasConnector)) {
      const connector = connectorFor(platform);
      expect({ platform, checks: Boolean(connector.checkClient) }).toEqual({
        platform,
        checks: connector.requiresClientCredentials,
      });
    }
  });
});
