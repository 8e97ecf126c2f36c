import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** A node of PostgreSQL's JSON plan, with the fields the plan tests read. */
export interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Every node of the plan, the root first. */
export function planNodes(node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  found.push(node);
  for (const child of node.Plans ?? []) planNodes(child, found);
  return found;
}

/** A value written into `execute …(…)`: numbers as they are, everything else as a quoted literal. */
export const planLiteral = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * The plan a prepared statement falls back to after its first executions, which cannot see the values: `text`
 * prepared under `force_generic_plan` in a transaction that is rolled back, then explained with `args` (with
 * `analyze`, run: only for a statement that writes nothing).
 */
export async function genericPlan(
  db: Db,
  text: string,
  args: readonly string[],
  { analyze }: { analyze: boolean },
): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      // A prepared statement outlives the transaction: it is deallocated before the rollback.
      await tx.execute(sql.raw(`prepare generic_plan_check as ${text}`));
      try {
        const options = analyze ? 'analyze, format json' : 'format json';
        const result = await tx.execute(
          sql.raw(`explain (${options}) execute generic_plan_check(${args.join(', ')})`) as SQL,
        );
        const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
        const json = Object.values(row ?? {})[0];
        plan = ((typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[])[0]?.Plan;
      } finally {
        await tx.execute(sql`deallocate generic_plan_check`);
      }
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'Rollback')) throw error;
    });
  if (!plan) throw new Error('genericPlan: no plan');
  return plan;
}
