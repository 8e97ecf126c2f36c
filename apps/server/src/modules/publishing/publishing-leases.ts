import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postTargets } from '../../db/schema/index';

/**
 * Claim leases (docs/decisions/0016-publishing-crash-catch-up.md). A target this process has claimed is held by
 * a lease: its row's `updated_at`, which the process renews every second while the attempt runs (on the database
 * clock, so the clocks of several hosts do not matter). A 'publishing' row whose lease is older than `leaseMs`
 * belongs to a process that died, and any worker takes it over at once instead of after the 5-minute attempt
 * timeout. A process that could not renew its lease for half of `leaseMs` does not start the platform call: the
 * claim may already be someone else's.
 */

export interface ClaimLeases {
  /** This process holds the claim (renewed from now on). */
  hold(targetId: string): void;
  /** The attempt ended (or the claim was given up): stop renewing it. */
  drop(targetId: string): void;
  /** Whether the claim was renewed recently enough that this process may still call the platform. */
  isFresh(targetId: string): boolean;
  /** The targets this process holds (never taken over by its own sweeps). */
  held(): string[];
  /** Renews every held claim in one statement; claims that are no longer 'publishing' are dropped. */
  renew(): Promise<void>;
}

export function createClaimLeases(db: Db, leaseMs: number): ClaimLeases {
  /** Target id → when (performance.now()) its lease was last set or renewed. */
  const renewedAt = new Map<string, number>();
  return {
    hold(targetId) {
      renewedAt.set(targetId, performance.now());
    },
    drop(targetId) {
      renewedAt.delete(targetId);
    },
    isFresh(targetId) {
      const at = renewedAt.get(targetId);
      return at !== undefined && performance.now() - at < leaseMs / 2;
    },
    held: () => [...renewedAt.keys()],
    async renew() {
      const ids = [...renewedAt.keys()];
      if (ids.length === 0) return;
      // Taken before the statement: the lease on the database starts no earlier than this.
      const startedAt = performance.now();
      const result = await db.execute<{ id: string }>(sql`
        update ${postTargets} set updated_at = now()
        where status = 'publishing' and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        returning id`);
      const renewed = new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
      for (const id of ids) {
        if (!renewedAt.has(id)) continue;
        if (renewed.has(id)) renewedAt.set(id, startedAt);
        else renewedAt.delete(id);
      }
    },
  };
}

/** A 'publishing' row taken over by a sweep: its id and when the attempt that left it began. */
export interface TakenOverClaim {
  id: string;
  previous: Date;
  /** Whether its lease had expired (its process died), as opposed to an attempt older than the timeout. */
  leaseExpired: boolean;
}

/**
 * Takes over (up to 50) attempts left 'publishing' by a process that died (lease expired) or that ran longer than
 * `attemptTimeoutMs`, skipping this process's own claims: each gets a fresh attempt time and lease in one
 * statement (`skip locked`, so two sweeping workers never take the same row).
 */
export async function takeOverClaims(
  db: Db,
  options: { leaseMs: number; attemptTimeoutMs: number; own: string[] },
): Promise<TakenOverClaim[]> {
  const notOwn =
    options.own.length > 0
      ? sql`and id not in (${sql.join(
          options.own.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const result = await db.execute<{ id: string; previous: Date | string; lease_expired: boolean }>(sql`
    update ${postTargets} t set attempt_started_at = now(), updated_at = now()
    from (
      select id, attempt_started_at as previous,
             updated_at < now() - ${options.leaseMs} * interval '1 millisecond' as lease_expired
      from ${postTargets}
      where status = 'publishing'
        and (updated_at < now() - ${options.leaseMs} * interval '1 millisecond'
          or attempt_started_at < now() - ${options.attemptTimeoutMs} * interval '1 millisecond')
        ${notOwn}
      order by attempt_started_at limit 50
      for update skip locked
    ) s
    where t.id = s.id
    returning t.id, s.previous, s.lease_expired`);
  return (
    result as unknown as { rows: { id: string; previous: Date | string; lease_expired: boolean }[] }
  ).rows.map((row) => ({
    id: row.id,
    previous: new Date(row.previous),
    leaseExpired: row.lease_expired === true,
  }));
}
