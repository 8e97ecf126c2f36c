import { describe, expect, it } from 'vitest';
import { createWebhookSchema, maskWebhookUrl, WEBHOOK_MESSAGES } from './webhooks';

describe('webhook endpoint input', () => {
  it('keeps the events in a fixed order, without duplicates', () => {
    expect(
      createWebhookSchema.parse({
        url: ' https://example.com/hook ',
        events: ['stream.ended', 'post.published', 'stream.ended'],
      }),
    ).toEqual({ url: 'https://example.com/hook', events: ['post.published', 'stream.ended'] });
  });

  it('wants an http(s) address without credentials and at least one known event', () => {
    const message = (input: unknown) => createWebhookSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ url: 'ftp://example.com', events: ['post.failed'] })).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(message({ url: 'https://user:pw@example.com', events: ['post.failed'] })).toBe(
      WEBHOOK_MESSAGES.urlInvalid,
    );
    expect(message({ url: 'example.com', events: ['post.failed'] })).toBe(WEBHOOK_MESSAGES.urlInvalid);
    expect(message({ url: `https://example.com/${'a'.repeat(2000)}`, events: ['post.failed'] })).toBe(
      WEBHOOK_MESSAGES.urlTooLong,
    );
    expect(message({ url: 'https://example.com', events: [] })).toBe(WEBHOOK_MESSAGES.eventsRequired);
    expect(
      createWebhookSchema.safeParse({ url: 'https://example.com', events: ['post.deleted'] }).success,
    ).toBe(false);
  });
});

describe('a webhook address as members without manageWorkspace see it', () => {
  it('keeps the scheme, host and plain path words; hides tokens in the path, the query and the fragment', () => {
    expect(
      maskWebhookUrl('https://hooks.slack.com/services/T0123ABCD/B0456EFGH/aBcDeFgHiJkLmNoPqRsTuVwX'),
    ).toBe('https://hooks.slack.com/services/•••/•••/•••');
    expect(maskWebhookUrl('https://discord.com/api/webhooks/123456789/tokenTOKENtoken-_')).toBe(
      'https://discord.com/api/webhooks/•••/•••',
    );
    expect(maskWebhookUrl('https://example.com:8443/relaycast/hook?token=s3cret&x=1#frag')).toBe(
      'https://example.com:8443/relaycast/hook?•••',
    );
    expect(maskWebhookUrl('https://example.com/')).toBe('https://example.com/');
    expect(maskWebhookUrl('https://example.com/averyveryverylongsecretword')).toBe('https://example.com/•••');
    expect(maskWebhookUrl('not a url')).toBe('•••');
  });
});
