/**
 * Statements a database ran between two snapshots, from PostgreSQL's pg_stat_statements: how many of each and
 * the time they took, for the benchmarks' "statements per operation" lines. Read only when the extension is
 * installed in the admin database and loaded (`shared_preload_libraries = 'pg_stat_statements'`, then
 * `create extension pg_stat_statements`); otherwise every snapshot is null and nothing is reported. Nothing here
 * installs or loads it: a benchmark never changes the server it measures.
 */

/** A snapshot of the statements run on `databaseName` so far, or null when pg_stat_statements cannot be read. */
export async function statementSnapshot(pg, adminUrl, databaseName) {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select s.queryid::text as id, s.query, s.calls::float8 as calls, s.total_exec_time as ms
       from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1`,
      [databaseName],
    );
    return new Map(rows.map((row) => [row.id, row]));
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The job queue's own statements (pg-boss's schema) apart from the application's. */
const groupOf = (query) => (/\bpgboss\./.test(query) ? 'job queue' : 'application');

/**
 * What ran between two snapshots, per operation (`operations`: publishes, requests…): calls and execution time by
 * group, and the statements that ran most often. Null when either snapshot is missing.
 */
export function statementsBetween(before, after, operations, top = 8) {
  if (!before || !after || operations <= 0) return null;
  const deltas = [];
  for (const [id, row] of after) {
    const calls = row.calls - (before.get(id)?.calls ?? 0);
    const ms = row.ms - (before.get(id)?.ms ?? 0);
    if (calls > 0) deltas.push({ query: row.query.replace(/\s+/g, ' ').trim(), calls, ms });
  }
  const groups = {};
  for (const delta of deltas) {
    const name = groupOf(delta.query);
    const group = groups[name] ?? { calls: 0, ms: 0 };
    groups[name] = group;
    group.calls += delta.calls;
    group.ms += delta.ms;
  }
  const per = (value) => value / operations;
  return {
    perOperation: per(deltas.reduce((sum, delta) => sum + delta.calls, 0)),
    groups: Object.fromEntries(
      Object.entries(groups).map(([name, group]) => [name, { calls: per(group.calls), ms: per(group.ms) }]),
    ),
    top: deltas
      .sort((a, b) => b.calls - a.calls)
      .slice(0, top)
      .map((delta) => ({ query: delta.query.slice(0, 100), calls: per(delta.calls), ms: per(delta.ms) })),
  };
}

/** Lines for the console: statements per operation, by group, then the most frequent ones. */
export function statementLines(label, stats, unit) {
  if (!stats) return [`${label}: statements not counted (pg_stat_statements is not loaded and installed)`];
  const groups = Object.entries(stats.groups)
    .map(([name, group]) => `${name} ${group.calls.toFixed(2)} (${group.ms.toFixed(3)} ms)`)
    .join(', ');
  return [
    `${label}: ${stats.perOperation.toFixed(2)} statements per ${unit}: ${groups}`,
    ...stats.top.map(
      (row) => `  ${row.calls.toFixed(2)} per ${unit}, ${row.ms.toFixed(3)} ms per ${unit}: ${row.query}`,
    ),
  ];
}
