import { connect, createServer } from 'node:net';
import { startBlueskyFake } from '../apps/server/src/platforms/bluesky/bluesky.fake';
import { addMastodonEngagementRoutes } from '../apps/server/src/platforms/mastodon/mastodon.engagement.fake';
import { startMastodonFake } from '../apps/server/src/platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../apps/server/src/platforms/testing/server.fake';
import { startThreadsFake } from '../apps/server/src/platforms/threads/threads.fake';
import { startTikTokFake } from '../apps/server/src/platforms/tiktok/tiktok.fake';
import { addTwitterEngagementRoutes } from '../apps/server/src/platforms/twitter/twitter.engagement.fake';
import { startTwitterFake } from '../apps/server/src/platforms/twitter/twitter.fake';

/** What every connected fake account finds in its inbox (engagement.spec.ts). */
const INBOX_SEEDS = [
  {
    text: 'Congrats on the launch! When is the mobile app coming?',
    kind: 'comment' as const,
    minutesAgo: 50,
  },
  { text: 'Loved the demo video', kind: 'comment' as const, minutesAgo: 30 },
  { text: 'Hi! Do you offer team plans?', kind: 'message' as const, minutesAgo: 10 },
];
const seedTimes = () =>
  INBOX_SEEDS.map(({ minutesAgo, ...seed }) => ({
    ...seed,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  }));

/**
 * The platform fakes the browser tests connect accounts to. The server learns their addresses from its
 * environment (`<PLATFORM>_BASE_URL`, set in playwright.config.ts before it starts), so each fake is reached
 * through a fixed port chosen there, forwarded to wherever the fake listens.
 */
const FAKES: { env: string; start: () => Promise<PlatformFake> }[] = [
  {
    env: 'E2E_TWITTER_PORT',
    start: async () => {
      const fake = await startTwitterFake();
      addTwitterEngagementRoutes(fake, seedTimes());
      return fake;
    },
  },
  {
    env: 'E2E_MASTODON_PORT',
    start: async () => {
      const fake = await startMastodonFake();
      addMastodonEngagementRoutes(fake, seedTimes());
      // publishing.spec.ts: the next status is refused with the platform's validation message.
      fake.server.route('POST', '/__e2e/refuse-next-status', (request) => {
        fake.server.failNext(
          { method: 'POST', path: '/api/v1/statuses' },
          { status: 422, body: { error: String(request.body?.error ?? 'Validation failed') } },
        );
        return { status: 204 };
      });
      // threads.spec.ts: what the instance received, each status with the one it replies to.
      fake.server.route('GET', '/__e2e/statuses', () => ({
        body: fake.published.map(({ id, text, replyTo, mediaIds, altTexts }) => ({
          id,
          text,
          replyTo: replyTo ?? null,
          media: mediaIds.length,
          altTexts: altTexts ?? [],
        })),
      }));
      return fake;
    },
  },
  { env: 'E2E_BLUESKY_PORT', start: () => startBlueskyFake() },
  { env: 'E2E_THREADS_PORT', start: () => startThreadsFake({ processingPolls: 0 }) },
  { env: 'E2E_TIKTOK_PORT', start: () => startTikTokFake({ processingPolls: 0 }) },
];

/** Forwards every TCP connection on `port` to `target` (a fake's URL); returns the closer. */
async function forward(port: number, target: string): Promise<() => Promise<void>> {
  const targetPort = Number(new URL(target).port);
  const server = createServer((socket) => {
    const upstream = connect(targetPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise((resolve) => server.close(() => resolve()));
}

export async function startPlatformFakes(): Promise<() => Promise<void>> {
  const closers: (() => Promise<void>)[] = [];
  for (const { env, start } of FAKES) {
    const fake = await start();
    closers.push(() => fake.close());
    closers.push(await forward(Number(process.env[env]), fake.url));
  }
  return async () => {
    for (const close of closers.reverse()) await close();
  };
}
