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
 * On PostgreSQL other processes write too: there is no watch (`tableWrites` gives null) and nothing is kept.
 */
export class TableWriteWatch {
  #generation = 0;
  readonly #watched = new Set<string>();
  /** Statement text → whether it writes a watched table (texts repeat: each is scanned once). */
  readonly #scanned = new Map<string, boolean>();

  get generation(): number {
    return this.#generation;
  }

  watch(tables: readonly string[]): void {
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

const watches = new WeakMap<object, TableWriteWatch>();

/** Called once by the PGlite statement path for its database. */
export function attachTableWriteWatch(db: Db, watch: TableWriteWatch): void {
  watches.set(db, watch);
}

/** The watch of `db` with `tables` added to what it watches; null on PostgreSQL (nothing may be kept there). */
export function tableWrites(db: Db, tables: readonly string[]): TableWriteWatch | null {
  const watch = watches.get(db);
  if (!watch) return null;
  watch.watch(tables);
  return watch;
}
