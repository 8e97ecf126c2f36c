import type { Db } from './client';
import { perDatabase } from './prepared';
import { tableWrites } from './table-writes';

/**
 * Answers read from a few tables, kept by key between requests until a statement writes one of those tables
 * (db/table-writes.ts; docs/decisions/0115 and 0118): the session's and the API key's lookups. On PGlite this
 * process sees every write; on PostgreSQL its own at once and other processes' when PostgreSQL's notice arrives,
 * and nothing kept is used while that notice could be missed (`current()` is undefined then: every call reads).
 * An answer is kept only when no watched write took effect while it was read. At most `limit` keys a database;
 * then it starts again.
 */
export function keptAnswers<T>(
  tables: readonly string[],
  limit: number,
): (db: Db, key: string, read: () => Promise<T>) => Promise<T> {
  const kept = perDatabase((db) => ({
    watch: tableWrites(db, tables),
    answers: new Map<string, { generation: number; value: T }>(),
  }));
  return async (db, key, read) => {
    const { watch, answers } = kept(db);
    const generation = watch?.current();
    if (generation !== undefined) {
      const known = answers.get(key);
      if (known && known.generation === generation) return known.value;
    }
    const value = await read();
    if (generation !== undefined && watch?.current() === generation) {
      if (answers.size >= limit) answers.clear();
      answers.set(key, { generation, value });
    }
    return value;
  };
}
