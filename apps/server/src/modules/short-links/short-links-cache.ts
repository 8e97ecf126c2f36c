import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { findLinkByCode, type LinkByCode } from './short-links.queries';

/**
 * The redirect's fast path keeps the links it looked up in memory (docs/decisions/0097-short-link-fast-path.md),
 * one cache per database and process:
 *
 * - **bounded**: at most MAX_ENTRIES links; when full, the oldest one read is dropped first;
 * - **exact in this process**: an edit or a turn-off forgets the link at once (`forget`, from the service), and a
 *   read that was under way when it happened is not kept;
 * - **at most TTL_MS stale elsewhere**: an entry is read again from the database TTL_MS after it was read, so an
 *   edit made by another process (another API node on the same PostgreSQL) applies here within that time;
 * - **no negative entries**: an unknown code is looked up every time, as before, so a link made in another
 *   process works at once.
 */

export const SHORT_LINK_CACHE_TTL_MS = 5_000;
export const SHORT_LINK_CACHE_MAX_ENTRIES = 5_000;

interface Entry {
  link: LinkByCode;
  /** When the entry must be read again (ms since the epoch). */
  until: number;
}

export class ShortLinkCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<LinkByCode | null>>();
  /** Bumped by every forget: a read that started before one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly lookup: (code: string) => Promise<LinkByCode | null>,
    private readonly ttlMs = SHORT_LINK_CACHE_TTL_MS,
    private readonly maxEntries = SHORT_LINK_CACHE_MAX_ENTRIES,
  ) {}

  /** The link of a code when it is cached and fresh (turned-off links included); undefined: `load` it. */
  peek(code: string, now = Date.now()): LinkByCode | undefined {
    const entry = this.entries.get(code);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.link;
    this.entries.delete(code);
    return undefined;
  }

  /** Reads a code's link from the database (one read for every caller waiting on the same code). */
  load(code: string): Promise<LinkByCode | null> {
    const pending = this.loading.get(code);
    if (pending) return pending;
    const generation = this.generation;
    const read = this.lookup(code).then(
      (link) => {
        if (this.loading.get(code) === read) this.loading.delete(code);
        if (link && generation === this.generation) this.store(code, link);
        return link;
      },
      (error: unknown) => {
        if (this.loading.get(code) === read) this.loading.delete(code);
        throw error;
      },
    );
    this.loading.set(code, read);
    return read;
  }

  /** After an edit or a turn-off in this process: the next request reads the link again. */
  forget(code: string): void {
    this.generation += 1;
    this.entries.delete(code);
    this.loading.delete(code);
  }

  /** After links went away in bulk (a workspace deleted). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(code: string, link: LinkByCode): void {
    this.entries.delete(code);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(code, { link, until: Date.now() + this.ttlMs });
  }
}

/** The cache of a database's links in this process (the fast path reads it, the service's writes forget). */
export const shortLinkCacheOf = perDatabase(
  (db: Db) => new ShortLinkCache((code) => findLinkByCode(db, code)),
);
