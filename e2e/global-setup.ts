import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStripeFake } from '../apps/server/src/modules/billing/stripe.fake';
import { startCloudDrivesFake } from '../apps/server/src/modules/media/cloud/cloud-drives.fake';
import { startUnsplashFake } from '../apps/server/src/modules/media/unsplash/unsplash.fake';
import { startFakeAiProvider } from '../scripts/ai-provider.fake.mjs';
import { E2E_CLOUD_CLIENT_ID, E2E_CLOUD_CLIENT_SECRET } from './cloud-settings';
import { startMailSink } from './mail-sink';
import { startPlatformFakes } from './platforms.fake';
import { E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET } from './stripe-settings';
import { makeTestImage } from './tests/fixtures';
import { E2E_UNSPLASH_ACCESS_KEY } from './unsplash-settings';

/** Answers the server's AI requests (AI_BASE_URL) with the same few tokens, slowly enough to watch them stream. */
const E2E_TOKENS = [
  'Our ',
  'launch ',
  'is ',
  'live: ',
  'open ',
  'source, ',
  'self-hosted, ',
  'yours. ',
  '#opensource',
];

export default async function globalSetup() {
  const fake = await startFakeAiProvider({
    port: Number(process.env.E2E_AI_PORT),
    reply: (body) =>
      body.stream
        ? { kind: 'stream', tokens: E2E_TOKENS, delayMs: 150 }
        : { kind: 'json', text: E2E_TOKENS.join('') },
  });
  const closePlatformFakes = await startPlatformFakes();
  const stripe = await startStripeFake({
    port: Number(process.env.E2E_STRIPE_PORT),
    secretKey: E2E_STRIPE_SECRET_KEY,
    webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://localhost:${process.env.E2E_PORT}/api/billing/webhook`,
  });
  const unsplash = await startUnsplashFake({
    port: Number(process.env.E2E_UNSPLASH_PORT),
    accessKey: E2E_UNSPLASH_ACCESS_KEY,
  });
  const cloud = await startCloudFake();
  const closeMailSink = await startMailSink(
    Number(process.env.E2E_SMTP_PORT),
    String(process.env.E2E_MAIL_DIR),
  );
  return async () => {
    await closeMailSink();
    await fake.close();
    await closePlatformFakes();
    await stripe.close();
    await unsplash.close();
    await cloud.close();
  };
}

/** The cloud drives' fake (DROPBOX_BASE_URL of the server: e2e/tests/cloud-import.spec.ts), with a real PNG and MP4. */
async function startCloudFake() {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-cloud-'));
  const video = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...[
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
    ],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', video],
  ]);
  const fake = await startCloudDrivesFake({
    png: readFileSync(makeTestImage(dir, 'red.png', '320x180')),
    mp4: readFileSync(video),
    clientId: E2E_CLOUD_CLIENT_ID,
    clientSecret: E2E_CLOUD_CLIENT_SECRET,
    port: Number(process.env.E2E_CLOUD_PORT),
  });
  rmSync(dir, { recursive: true, force: true });
  return fake;
}
