import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { analyticsReadBudgets } from '../../../db/schema/index';

/**
 * The monthly read budget of a platform whose reads are billed (X): one row per workspace, platform and UTC month.
 * The owner's limit carries over to the next month (a new month's row starts from the latest limit, `used` 0).
 * No limit set = nothing is read (docs/analytics.md, "The X read budget").
 */

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export interface ReadBudget {
  month: string;
  monthlyLimit: number | null;
  used: number;
}

export async function readBudget(
  db: Db,
  workspaceId: string,
  platform: string,
  now = new Date(),
): Promise<ReadBudget> {
  const month = monthOf(now);
  const [row] = await db
    .select()
    .from(analyticsReadBudgets)
    .where(
      and(
        eq(analyticsReadBudgets.workspaceId, workspaceId),
        eq(analyticsReadBudgets.platform, platform),
        eq(analyticsReadBudgets.month, month),
      ),
    );
  if (row) return { month, monthlyLimit: row.monthlyLimit, used: row.used };
  const [previous] = await db
    .select({ monthlyLimit: analyticsReadBudgets.monthlyLimit })
    .from(analyticsReadBudgets)
    .where(
      and(
        eq(analyticsReadBudgets.workspaceId, workspaceId),
        eq(analyticsReadBudgets.platform, platform),
        lt(analyticsReadBudgets.month, month),
      ),
    )
    .orderBy(desc(analyticsReadBudgets.month))
    .limit(1);
  return { month, monthlyLimit: previous?.monthlyLimit ?? null, used: 0 };
}

/** Reads left this month (0 when no limit is set). */
export function remainingReads(budget: ReadBudget): number {
  return budget.monthlyLimit === null ? 0 : Math.max(0, budget.monthlyLimit - budget.used);
}

export async function setBudgetLimit(
  db: Db,
  workspaceId: string,
  platform: string,
  monthlyLimit: number,
  now = new Date(),
): Promise<ReadBudget> {
  const month = monthOf(now);
  await db
    .insert(analyticsReadBudgets)
    .values({ workspaceId, platform, month, monthlyLimit, used: 0 })
    .onConflictDoUpdate({
      target: [analyticsReadBudgets.workspaceId, analyticsReadBudgets.platform, analyticsReadBudgets.month],
      set: { monthlyLimit },
    });
  return readBudget(db, workspaceId, platform, now);
}

/** Counts reads spent (atomically: two processes never lose each other's reads). */
export async function spendReads(
  db: Db,
  workspaceId: string,
  platform: string,
  reads: number,
  now = new Date(),
): Promise<void> {
  if (reads <= 0) return;
  const budget = await readBudget(db, workspaceId, platform, now);
  await db
    .insert(analyticsReadBudgets)
    .values({ workspaceId, platform, month: budget.month, monthlyLimit: budget.monthlyLimit, used: reads })
    .onConflictDoUpdate({
      target: [analyticsReadBudgets.workspaceId, analyticsReadBudgets.platform, analyticsReadBudgets.month],
      set: { used: sql`${analyticsReadBudgets.used} + ${reads}` },
    });
}
