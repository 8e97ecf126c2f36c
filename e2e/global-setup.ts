import { startStripeFake } from '../apps/server/src/modules/billing/stripe.fake';
import { startUnsplashFake } from '../apps/server/src/modules/media/unsplash/unsplash.fake';
import { startFakeAiProvider } from '../scripts/ai-provider.fake.mjs';
import { startMailSink } from './mail-sink';
import { startPlatformFakes } from './platforms.fake';
import { E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET } from './stripe-settings';
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
  };
}
