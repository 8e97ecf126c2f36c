/*
 * Over 300 lines on purpose: the click journal's write, rotation, flush and crash recovery share one segment
 * format and one exactly-once rule (a segment's id is counted in the same transaction as its clicks); apart,
 * the format's readers and writers could drift.
 */

import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { dayOf, forgetPastSalts, saltOf, visitorHash } from './short-links-visitors';

/**
 * The click counter (docs/decisions/0080-short-links.md, "Counting"). The redirect never waits for the
 * database: each click is one line appended to this process's journal segment (one `write` to a file of the
 * data folder, no fsync) and one increment in memory; every second the segment is closed and its counts go to
 * the database in one transaction that also records the segment's id (`short_link_click_batches`), then the
 * file is deleted. A segment left behind by a killed process (kill -9, an out-of-memory kill) is still on disk,
 * because the kernel keeps what was written; the next start, or another process, counts it under the same id,
 * so a click is counted once whatever dies when. What is lost: the page cache itself, i.e. a power cut or a
 * kernel crash within the few seconds before the kernel writes the file out.
 */

export interface Click {
  linkId: string;
  /** The start of the click's hour (ms since the epoch). */
  hour: number;
  referrer: string;
  device: string;
  /** The crawler's name, '' for a person. */
  crawler: string;
  /** The visitor's country (ISO 3166 alpha-2, short-links-country.ts), '' when not known. */
  country: string;
  /** The day's visitor hash (short-links-visitors.ts), '' when not known (a crawler, no salt yet). */
  visitor: string;
}

interface Segment {
  id: string;
  file: string;
  fd: number;
  openedAt: number;
  /** One count's key (a JSON array: link, hour, referrer, device, crawler, country) → its count. */
  counts: Map<string, number>;
  /** The visitors seen (a JSON array: link, day, visitor), once each. */
  visitors: Set<string>;
}

export interface ClickCounterOptions {
  db: Db;
  /** The journal's folder (`<DATA_DIR>/short-link-clicks`). */
  dir: string;
  log: FastifyBaseLogger;
  /** A segment of another process untouched for this long is taken as abandoned and counted (default 10 s). */
  abandonedAfterMs?: number;
}

/** A segment never stays open longer than this, even when the timer is late. */
const MAX_SEGMENT_MS = 2_000;
/** How long the ids of counted segments are kept (a segment older than this is not replayed twice). */
const BATCH_RETENTION = '7 days';

export class ClickCounter {
  private current: Segment | null = null;
  private readonly pending: Segment[] = [];
  private flushing: Promise<void> | null = null;
  private readonly prefix = `${Date.now()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private sequence = 0;
  /** Lines of the open segment not written yet, and who waits for them (record's `written`). */
  private lines: string[] = [];
  private written: Array<() => void> = [];
  /** The salts known to this process by day (today's, and tomorrow's near midnight). */
  private readonly salts = new Map<string, string>();
  private readonly saltLoading = new Map<string, Promise<void>>();

  constructor(private readonly options: ClickCounterOptions) {
    mkdirSync(options.dir, { recursive: true });
  }

  /** Journals one click: synchronous, a few microseconds; the redirect answers after it. */
  /**
   * Journals a click. With `written`, the line joins the others of this turn of the event loop and one `write`
   * puts them all in the segment just after it; `written` is called then (the redirect answers only once its
   * click is on disk, so a kill -9 loses no answered click). Without it the line is written at once.
   */
  record(click: Click, written?: () => void): void {
    const now = Date.now();
    if (this.current && now - this.current.openedAt > MAX_SEGMENT_MS) this.rotate();
    const segment = this.current ?? this.open(now);
    const key = countKey(click);
    // The line is [link, hour, referrer, device, crawler, visitor, country]: a journal written before countries
    // were counted (six values) still reads.
    const line = [
      click.linkId,
      click.hour,
      click.referrer,
      click.device,
      click.crawler,
      click.visitor,
      click.country,
    ];
    this.lines.push(`${JSON.stringify(line)}\n`);
    countClick(segment, key, click);
    if (!written) {
      this.writeLines();
      return;
    }
    this.written.push(written);
    if (this.lines.length === 1) setImmediate(() => this.writeLines());
  }

  /** The lines waiting for the open segment, in one write; then the redirects waiting for them answer. */
  private writeLines(): void {
    const lines = this.lines.splice(0);
    const written = this.written.splice(0);
    try {
      if (lines.length > 0 && this.current) writeSync(this.current.fd, lines.join(''));
    } catch (err) {
      // The clicks stay counted in memory; only their copy for a crash is missing.
      this.options.log.error({ err }, 'short-link clicks could not be journaled');
    }
    for (const done of written) done();
  }

  /** A person's visitor hash for today, or '' until today's salt is loaded (it is asked for here). */
  visitorOf(linkId: string, ip: string, userAgent: string): string {
    const day = dayOf(Date.now());
    const salt = this.salts.get(day);
    if (salt === undefined) {
      void this.loadSalt(day).catch((err) =>
        this.options.log.warn({ err }, 'the short-link salt could not be read'),
      );
      return '';
    }
    return visitorHash(salt, linkId, ip, userAgent);
  }

  /**
   * Loads a day's salt (today's by default; once per day and process). The plugin asks at start for today, and
   * for tomorrow in the last minutes of each day, so the first clicks after midnight have theirs at once.
   */
  loadSalt(day: string = dayOf(Date.now())): Promise<void> {
    if (this.salts.has(day)) return Promise.resolve();
    let loading = this.saltLoading.get(day);
    if (!loading) {
      loading = saltOf(this.options.db, day)
        .then((value) => {
          this.salts.set(day, value);
          const today = dayOf(Date.now());
          for (const known of this.salts.keys()) if (known < today) this.salts.delete(known);
        })
        .finally(() => this.saltLoading.delete(day));
      this.saltLoading.set(day, loading);
    }
    return loading;
  }

  /** Clicks journaled and not yet in the database (tests). */
  get unflushed(): number {
    let total = 0;
    for (const segment of [...this.pending, ...(this.current ? [this.current] : [])]) {
      for (const count of segment.counts.values()) total += count;
    }
    return total;
  }

  /** Closes the open segment and writes every closed one to the database, oldest first. */
  flush(): Promise<void> {
    this.rotate();
    if (this.flushing) return this.flushing.then(() => (this.pending.length ? this.flush() : undefined));
    this.flushing = this.writePending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /**
   * Counts the segments other processes left behind (those untouched for `abandonedAfterMs`, or all of them with
   * 0 at start when no other process shares the folder), forgets segment ids older than a week and deletes the
   * salts of past days.
   */
  async recover(abandonedAfterMs = this.options.abandonedAfterMs ?? 10_000): Promise<number> {
    const own = new Set([this.current?.file, ...this.pending.map((segment) => segment.file)]);
    let recovered = 0;
    for (const name of readdirSync(this.options.dir)) {
      const file = path.join(this.options.dir, name);
      if (!name.endsWith('.log') || own.has(file)) continue;
      const modified = statOrNull(file);
      // A file's time has finer grain than Date.now(): one written this millisecond can look a fraction ahead.
      if (modified === null || (abandonedAfterMs > 0 && Date.now() - modified < abandonedAfterMs)) continue;
      const segment = countLines(readFileOrEmpty(file));
      await applySegment(this.options.db, name.slice(0, -'.log'.length), segment);
      removeFile(file);
      for (const count of segment.counts.values()) recovered += count;
    }
    await this.options.db.execute(
      sql`delete from short_link_click_batches where applied_at < now() - ${BATCH_RETENTION}::interval`,
    );
    await forgetPastSalts(this.options.db, dayOf(Date.now()));
    return recovered;
  }

  private open(now: number): Segment {
    this.sequence += 1;
    const id = `${this.prefix}-${this.sequence}`;
    const file = path.join(this.options.dir, `${id}.log`);
    this.current = {
      id,
      file,
      fd: openSync(file, 'a'),
      openedAt: now,
      counts: new Map(),
      visitors: new Set(),
    };
    return this.current;
  }

  private rotate(): void {
    this.writeLines();
    const segment = this.current;
    if (!segment) return;
    this.current = null;
    closeSync(segment.fd);
    if (segment.counts.size > 0) this.pending.push(segment);
    else removeFile(segment.file);
  }

  private async writePending(): Promise<void> {
    while (this.pending.length > 0) {
      const segment = this.pending[0] as Segment;
      await applySegment(this.options.db, segment.id, segment);
      removeFile(segment.file);
      this.pending.shift();
    }
  }
}

/** Adds one click to a segment's counts and, when its visitor is known, to the day's visitors. */
function countClick(segment: Pick<Segment, 'counts' | 'visitors'>, key: string, click: Click): void {
  segment.counts.set(key, (segment.counts.get(key) ?? 0) + 1);
  if (click.visitor) {
    segment.visitors.add(
      JSON.stringify([click.linkId, new Date(click.hour).toISOString().slice(0, 10), click.visitor]),
    );
  }
}

/**
 * One segment's counts and visitors in one transaction with its id: a segment counted before (its id is there)
 * adds nothing. Rows go in the order of their key, so two processes never wait on each other's rows in a cycle;
 * a link deleted meanwhile (its workspace was) drops out.
 */
export async function applySegment(
  db: Db,
  id: string,
  segment: Pick<Segment, 'counts' | 'visitors'>,
): Promise<void> {
  if (segment.counts.size === 0) return;
  const rows = [...segment.counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, count]) => {
      const [linkId, hour, referrer, device, crawler, country] = JSON.parse(key) as [
        string,
        number,
        string,
        string,
        string,
        string,
      ];
      return {
        link_id: linkId,
        hour: new Date(hour).toISOString(),
        referrer,
        device,
        crawler,
        country,
        count,
      };
    });
  const visitors = [...segment.visitors].sort().map((key) => {
    const [linkId, day, visitor] = JSON.parse(key) as [string, string, string];
    return { link_id: linkId, day, visitor };
  });
  await db.transaction(async (tx) => {
    const claimed = (await tx.execute(
      sql`insert into short_link_click_batches (id) values (${id}) on conflict (id) do nothing returning id`,
    )) as unknown as { rows: unknown[] };
    if (claimed.rows.length === 0) return;
    await tx.execute(sql`
      insert into short_link_clicks (link_id, hour, referrer, device, crawler, country, count)
      select v.link_id, v.hour, v.referrer, v.device, v.crawler, v.country, v.count
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as v(link_id text, hour timestamptz, referrer text, device text, crawler text, country text, count integer)
      join short_links l on l.id = v.link_id
      on conflict (link_id, hour, referrer, device, crawler, country)
      do update set count = short_link_clicks.count + excluded.count`);
    if (visitors.length === 0) return;
    await tx.execute(sql`
      insert into short_link_visitors (link_id, day, visitor)
      select v.link_id, v.day, v.visitor
      from json_to_recordset(${JSON.stringify(visitors)}::json) as v(link_id text, day text, visitor text)
      join short_links l on l.id = v.link_id
      on conflict do nothing`);
  });
}

/** The key a click is counted under: every column of its row in short_link_clicks but the count. */
function countKey(click: Click): string {
  return JSON.stringify([
    click.linkId,
    click.hour,
    click.referrer,
    click.device,
    click.crawler,
    click.country,
  ]);
}

/** A journal's lines counted; a line that cannot be read (none should: each is one write) is skipped. */
export function countLines(text: string): Pick<Segment, 'counts' | 'visitors'> {
  const segment = { counts: new Map<string, number>(), visitors: new Set<string>() };
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (!Array.isArray(value) || value.length < 5 || typeof value[0] !== 'string') continue;
      const [linkId, hour, referrer, device, crawler, visitor, country] = value as [
        string,
        number,
        string,
        string,
        string,
        string?,
        string?,
      ];
      const click = {
        linkId,
        hour,
        referrer,
        device,
        crawler,
        country: country ?? '',
        visitor: visitor ?? '',
      };
      countClick(segment, countKey(click), click);
    } catch {
      // A torn line: skipped.
    }
  }
  return segment;
}

function statOrNull(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function readFileOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone (another process counted it).
  }
}
