import { Readable } from 'node:stream';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { Config } from '../../config/env';
import { connectorSettings } from '../registry';
import { type CallContext, PlatformError, type PublishMedia } from '../types';

/** Helpers for the connector tests of Facebook, Instagram, Threads and TikTok (test-only, no Vitest import). */

export const TEST_PUBLIC_URL = 'http://localhost:5173';

/** The connector's settings as the server builds them, with `<PLATFORM>_BASE_URL` pointing at the fake. */
export function contextFor(platform: PlatformId, fakeUrl: string): CallContext {
  const config = {
    publicUrl: TEST_PUBLIC_URL,
    platforms: {
      [platform]: { clientId: 'test-client-id', clientSecret: 'test-client-secret', baseUrl: fakeUrl },
    },
  } as unknown as Pick<Config, 'platforms' | 'publicUrl'>;
  return { settings: connectorSettings(config, platform) };
}

/** Follows the fake's consent redirect and returns the callback's query. */
export async function consent(authorizationUrl: string): Promise<URLSearchParams> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`authorize page answered ${response.status}: ${await response.text()}`);
  }
  return new URL(location).searchParams;
}

export function testMedia(
  id: string,
  kind: PublishMedia['kind'],
  bytes: Buffer = Buffer.from(`bytes of ${id}`),
): PublishMedia {
  const mimeType = kind === 'video' ? 'video/mp4' : kind === 'gif' ? 'image/gif' : 'image/jpeg';
  return {
    id,
    kind,
    mimeType,
    sizeBytes: bytes.length,
    open: async () => Readable.from([bytes]),
    publicUrl: `${TEST_PUBLIC_URL}/api/media/public/${id}?sig=abc`,
  };
}

export async function platformFailure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a PlatformError');
}
