import { randomUUID } from 'node:crypto';
import type { AiGenerationKind, AiHistoryEntry, AiVariant } from '@relaycast/shared/ai';
import { and, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiGenerations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

const HOUR_MS = 60 * 60 * 1000;
/** First key of the per-workspace advisory lock around the usage check (the second is the workspace). */
const AI_LOCK_NAMESPACE = 724_311_906;
const HISTORY_SIZE = 20;

/** The workspace's generations of the last hour: what its hourly limit counts. */
const inLastHour = (workspaceId: string) =>
  and(
    eq(aiGenerations.workspaceId, workspaceId),
    gt(aiGenerations.createdAt, new Date(Date.now() - HOUR_MS)),
  );

export async function usageThisHour(db: Pick<Db, 'select'>, workspaceId: string) {
  const [row] = await db
    .select({ total: count(), oldest: min(aiGenerations.createdAt) })
    .from(aiGenerations)
    .where(inLastHour(workspaceId));
  return { total: row?.total ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Counts one provider request against the workspace's hourly limit and records it. The count and the insert
 * run under a per-workspace lock, so parallel requests cannot slip past the limit together; the insert carries the
 * count as its condition (one statement after the lock, not two), and only a refused request reads the count again
 * for its message.
 */
export async function startGeneration(
  db: Db,
  limit: number,
  entry: {
    workspaceId: string;
    userId: string;
    kind: AiGenerationKind;
    prompt: string;
    options: Record<string, unknown>;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(AI_LOCK_NAMESPACE))}, hashtext(${entry.workspaceId}))`,
    );
    const id = randomUUID();
    const counted = tx.select({ total: count() }).from(aiGenerations).where(inLastHour(entry.workspaceId));
    // The lock is taken by the statement before, so this one's snapshot sees every request counted before it.
    const inserted = (await tx.execute(sql`
      insert into ${aiGenerations} (id, workspace_id, user_id, kind, prompt, options)
      select ${id}, ${entry.workspaceId}, ${entry.userId}, ${entry.kind}, ${entry.prompt},
             ${JSON.stringify(entry.options)}::jsonb
      where (${counted}) < ${limit}
      returning id`)) as unknown as { rows: unknown[] };
    if (inserted.rows.length > 0) return id;
    const oldest = (await usageThisHour(tx, entry.workspaceId)).oldest ?? new Date();
    const seconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - Date.now()) / 1000));
    throw new AppError('AI_HOURLY_LIMIT', {
      values: [limit, Math.ceil(seconds / 60)],
      headers: {
        'retry-after': String(seconds),
      },
    });
  });
}

export async function finishGeneration(
  db: Db,
  workspaceId: string,
  id: string,
  outcome: { status: 'done' | 'failed' | 'stopped'; result?: Record<string, unknown>; error?: string },
) {
  await db
    .update(aiGenerations)
    .set({ status: outcome.status, result: outcome.result ?? null, error: outcome.error ?? null })
    .where(and(eq(aiGenerations.id, id), eq(aiGenerations.workspaceId, workspaceId)));
}

function resultText(result: Record<string, unknown> | null): string {
  if (!result) return '';
  if (typeof result.text === 'string') return result.text;
  if (Array.isArray(result.hashtags)) return result.hashtags.join(' ');
  if (Array.isArray(result.ideas)) return result.ideas.join('\n');
  return '';
}

/** The workspace's most recent generations, newest first. */
export async function listHistory(db: Db, workspaceId: string): Promise<AiHistoryEntry[]> {
  const rows = await db
    .select()
    .from(aiGenerations)
    .where(eq(aiGenerations.workspaceId, workspaceId))
    .orderBy(desc(aiGenerations.createdAt))
    .limit(HISTORY_SIZE);
  return rows.map((row) => {
    const variants = Array.isArray(row.result?.variants) ? (row.result.variants as AiVariant[]) : [];
    return {
      id: row.id,
      kind: row.kind,
      prompt: row.prompt,
      options: row.options,
      status: row.status,
      variants,
      resultText: variants.length > 0 ? '' : resultText(row.result),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
