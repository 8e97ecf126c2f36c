import { PLATFORM_IDS, PLATFORMS } from '@relaycast/shared/platforms';
import { STREAM_PLATFORMS } from '@relaycast/shared/streaming/platforms';
import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from './faq-items';

/** The FAQ names what the code supports, so a network added or dropped shows up here first. */
describe('the FAQ', () => {
  const answer = FAQ_ITEMS.find((item) => item.id === 'platforms')?.answer ?? '';

  it('names every network Relaycast publishes to', () => {
    for (const id of PLATFORM_IDS) expect(answer, id).toContain(PLATFORMS[id].name);
  });

  it('names every live destination, the custom RTMP server among them', () => {
    for (const platform of STREAM_PLATFORMS) {
      expect(answer, platform.id).toContain(platform.id === 'custom' ? 'custom RTMP server' : platform.name);
    }
  });

  it('promises no export, which the product does not offer', () => {
    for (const item of FAQ_ITEMS) expect(item.answer).not.toMatch(/export your/i);
  });
});
