import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { FrontDoor } from '../../lib/front-door';
import { shortLinkCacheOf } from './short-links-cache';
import { CountryLookup } from './short-links-country';
import { shortLinkFastPath } from './short-links-fast-path';
import { ClickCounter } from './short-links-journal';
import { dayOf } from './short-links-visitors';

/** How often the journal's segments go to the database. */
export const CLICK_FLUSH_MS = 1_000;
/** Every so many flushes, the segments other (dead) processes left are counted. */
const RECOVER_EVERY = 10;
/** How long before midnight (UTC) tomorrow's visitor salt is loaded. */
const SALT_AHEAD_MS = 5 * 60 * 1000;

export interface ShortLinksPluginOptions {
  db: Db;
  config: Config;
  /** The HTTP server's front door: the redirect's fast path is added to it (decision 0097). */
  frontDoor: FrontDoor;
  /** The request id Fastify gives a request (its genReqId), for the fast path's answers. */
  requestId: (request: IncomingMessage) => string;
}

/**
 * The click counter of this process (short-links-journal.ts): flushed every second and on close; the segments
 * a killed process left behind are counted at start and every ten seconds. The redirect's fast path
 * (short-links-fast-path.ts) answers `GET /<code>` before Fastify.
 */
export const shortLinksPlugin = fp(async (app: FastifyInstance, options: ShortLinksPluginOptions) => {
  const counter = new ClickCounter({
    db: options.db,
    dir: path.join(options.config.dataDir, 'short-link-clicks'),
    log: app.log,
  });
  app.decorate('shortLinkClicks', counter);
  const countries = new CountryLookup();
  app.decorate('shortLinkCountries', countries);
  options.frontDoor.add(
    shortLinkFastPath({
      counter,
      countries,
      log: app.log,
      cache: shortLinkCacheOf(options.db),
      frontDoor: options.frontDoor,
      trustProxy: options.config.trustProxy,
      securityHeaders: app.securityHeadersOf,
      requestId: options.requestId,
    }),
  );
  let ticks = 0;
  let timer: NodeJS.Timeout | undefined;
  const warn = (err: unknown) => app.log.warn({ err }, 'short-link clicks not written yet; retrying');
  app.addHook('onReady', async () => {
    await counter.recover().catch(warn);
    await counter.loadSalt().catch(warn);
    // Read in the background: until it is, clicks are counted with an unknown country.
    void countries
      .load()
      .catch((err) =>
        app.log.warn({ err }, 'the country database could not be read; countries stay unknown'),
      );
    timer = setInterval(() => {
      ticks += 1;
      const recover = ticks % RECOVER_EVERY === 0;
      // Tomorrow's salt before midnight: the day's first clicks are counted as visitors at once.
      const tomorrow = Date.now() + SALT_AHEAD_MS;
      if (recover && dayOf(tomorrow) !== dayOf(Date.now()))
        void counter.loadSalt(dayOf(tomorrow)).catch(warn);
      void counter
        .flush()
        .then(() => (recover ? counter.recover() : 0))
        .catch(warn);
    }, CLICK_FLUSH_MS);
    timer.unref();
  });
  // After the server stopped taking requests and before the database closes (app.ts opened it first). A click
  // that could not be written stays in the journal for the next start.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await counter.flush().catch(warn);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The short links' click counter (tests flush it). */
    shortLinkClicks: ClickCounter;
    /** The visitors' countries (short-links-country.ts). */
    shortLinkCountries: CountryLookup;
  }
}
