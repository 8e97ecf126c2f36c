import { Readable } from 'node:stream';
import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import type { Config } from '../../config/env';
import { connectorSettings } from '../registry';
import type { AccountCredentials, CallContext, Connector, PublishedPost } from '../types';
import { type ConnectorSettings, PlatformError, type PublishMedia } from '../types';

/** Helpers for connector tests (no Vitest imports: usable anywhere). */

/** A media file held in memory. */
export function memoryMedia(
  kind: PublishMedia['kind'],
  options: {
    bytes?: number;
    mimeType?: string;
    id?: string;
    durationSeconds?: number;
    altText?: string;
  } = {},
): PublishMedia {
  const bytes = Buffer.alloc(options.bytes ?? 1024, kind === 'video' ? 7 : 3);
  const mimeType =
    options.mimeType ?? (kind === 'video' ? 'video/mp4' : kind === 'gif' ? 'image/gif' : 'image/png');
  return {
    id: options.id ?? `media-${Math.random().toString(36).slice(2, 8)}`,
    kind,
    mimeType,
    sizeBytes: bytes.length,
    width: 640,
    height: 480,
    durationSeconds: kind === 'video' ? (options.durationSeconds ?? 5) : undefined,
    async open() {
      return Readable.from([bytes]);
    },
    publicUrl: `http://127.0.0.1:9/media/${options.id ?? 'file'}`,
    altText: options.altText ?? '',
  };
}

/** The PlatformError a promise rejects with (throws if it resolves or rejects with something else). */
export async function platformFailure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a PlatformError');
}

/** Follows an authorize URL on a fake (which consents at once) and returns the callback's code and state. */
export async function consent(authorizeUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  }
  const callback = new URL(location);
  return { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '' };
}

/** Connector settings pointing at a fake, built the way the server builds them (registry.connectorSettings). */
export function fakeSettings(
  platform: PlatformId,
  fakeUrl: string,
  options: { clientId?: string; clientSecret?: string } = {},
): ConnectorSettings {
  const platforms = Object.fromEntries(
    PLATFORM_IDS.map((id) => [id, { clientId: undefined, clientSecret: undefined, baseUrl: undefined }]),
  ) as Config['platforms'];
  platforms[platform] = {
    clientId: options.clientId ?? 'test-client-id',
    clientSecret: options.clientSecret ?? 'test-client-secret',
    baseUrl: fakeUrl,
  };
  return connectorSettings(
    { platforms, publicUrl: 'http://localhost:3000', allowPrivateAddresses: true },
    platform,
  );
}

/**
 * Publishes `texts` as a thread the way the engine does (docs/threads.md): part 1 as a post, each next part as a
 * reply to the part before it in the thread part 1 started. Resolves with each part's post.
 */
export async function publishChain(
  connector: Connector,
  ctx: CallContext,
  credentials: AccountCredentials,
  texts: readonly string[],
  /** Each part's media (`media[index]` for `texts[index]`; none when absent). */
  media: readonly (readonly PublishMedia[])[] = [],
): Promise<PublishedPost[]> {
  const chain: PublishedPost[] = [];
  for (const [index, text] of texts.entries()) {
    const [root] = chain;
    const parent = chain.at(-1);
    chain.push(
      await connector.publish(ctx, credentials, {
        text,
        media: [...(media[index] ?? [])],
        idempotencyKey: `chain-${text}-${index}`,
        ...(root && parent ? { replyTo: { root, parent } } : {}),
      }),
    );
  }
  return chain;
}
