import type { Db } from './client';

/**
 * The embedded database's writes, seen by table (docs/decisions/0115-session-reads-on-the-embedded-database.md).
 * On PGlite one process holds the database (its data directory's lock), and every statement this process sends
 * through Drizzle passes `pglite-named-statements.ts`, which tells this watch about each one. The watch keeps a
 * number that moves after every statement that writes a watched table has taken effect: at once for a statement
 * of its own, at the end of its transaction for one inside a transaction (statements outside a transaction wait
 * for an open one, so none reads between the write and the end). A reader that saw the same number before and
 * after its read may keep what it read for as long as the number stays.
 *
 * On PostgreSQL other processes write too: the watch also moves when PostgreSQL says a watched table was written
 * (`pg-table-writes.ts`: a trigger's NOTIFY, heard on a connection of its own), and it can be relied on only
 * while that connection is known to hear (`current()` is undefined otherwise: nothing kept is used).
 */
export class TableWriteWatch {
  #generation = 0;
  /** Until when (epoch ms) the watch is known to see every write; always on PGlite. */
  #reliableUntil = Number.POSITIVE_INFINITY;
  #onFirstWatch: (() => void) | undefined;
  readonly #watched = new Set<string>();
  /** Statement text → whether it writes a watched table (texts repeat: each is scanned once). */
  readonly #scanned = new Map<string, boolean>();

  /**
   * @param reliable false when writes are heard from elsewhere: the watch is relied on only as `reliableUntil` says.
   * @param onFirstWatch called when the first reader asks for the watch (to start hearing).
   */
  constructor({ reliable = true, onFirstWatch }: { reliable?: boolean; onFirstWatch?: () => void } = {}) {
    if (!reliable) this.#reliableUntil = 0;
    this.#onFirstWatch = onFirstWatch;
  }

  get generation(): number {
    return this.#generation;
  }

  /** The number while the watch can be relied on, else undefined (then nothing kept may be used). */
  current(now = Date.now()): number | undefined {
    return now <= this.#reliableUntil ? this.#generation : undefined;
  }

  /** Every write committed before `until` has been heard; the watch is relied on up to then. */
  reliableUntil(until: number): void {
    this.#reliableUntil = until;
  }

  /** The writes can no longer be heard (a lost connection): nothing read before is used again. */
  lost(): void {
    this.#reliableUntil = 0;
    this.moved();
  }

  watch(tables: readonly string[]): void {
    const start = this.#onFirstWatch;
    this.#onFirstWatch = undefined;
    start?.();
    const added = tables.filter((table) => !this.#watched.has(table));
    for (const table of added) this.#watched.add(table);
    if (added.length > 0) this.#scanned.clear();
  }

  /** Whether `text` writes (inserts, updates, deletes, truncates) one of the watched tables. */
  writesWatched(text: string): boolean {
    if (this.#watched.size === 0) return false;
    let known = this.#scanned.get(text);
    if (known === undefined) {
      known = false;
      for (const match of text.matchAll(WRITE_TARGET)) {
        if (this.#watched.has((match[1] ?? '').toLowerCase())) {
          known = true;
          break;
        }
      }
      if (this.#scanned.size >= SCANNED_KEPT) this.#scanned.clear();
      this.#scanned.set(text, known);
    }
    return known;
  }

  /** A write to a watched table took effect (or may have: a rolled-back one counts too). */
  moved(): void {
    this.#generation += 1;
  }
}

/** The table a write names: `insert into "t"`, `update t`, `delete from "public"."t"`, `truncate table t`. */
const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;
const SCANNED_KEPT = 4_000;

const watches = new WeakMap<object, { watch: TableWriteWatch; tables: ReadonlySet<string> | null }>();

/**
 * Called once by the database's statement path. `tables`: the only tables whose writes the watch can see (on
 * PostgreSQL, those with the notifying trigger); null for all of them (PGlite).
 */
export function attachTableWriteWatch(
  db: Db,
  watch: TableWriteWatch,
  tables: readonly string[] | null = null,
): void {
  watches.set(db, { watch, tables: tables ? new Set(tables) : null });
}

/** The watch of `db` with `tables` added to what it watches; null when it cannot see writes to all of them. */
export function tableWrites(db: Db, tables: readonly string[]): TableWriteWatch | null {
  const attached = watches.get(db);
  if (!attached) return null;
  const seen = attached.tables;
  if (seen && !tables.every((table) => seen.has(table))) return null;
  attached.watch.watch(tables);
  return attached.watch;
}
