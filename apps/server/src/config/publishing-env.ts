import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import { z } from 'zod';

/**
 * The publishing budgets' settings, read by env.ts (docs/decisions/0110-several-nodes.md): the platform calls
 * the install's app of each platform may make per minute, counted in the database across every worker.
 */
export const publishingEnvShape = {
  PUBLISH_STALE_AFTER_HOURS: z.coerce.number().min(0).max(8760).default(6),
  PUBLISH_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  /** Publish calls per minute per platform app, every platform (unset: each platform's default); 0 = none. */
  PUBLISH_BUDGET_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Per-platform overrides, `twitter=100,linkedin=30` (a platform id, `=`, calls per minute; 0 = no budget). */
  PUBLISH_BUDGETS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const budgets: Partial<Record<PlatformId, number>> = {};
      for (const part of (value ?? '').split(',').map((item) => item.trim())) {
        if (!part) continue;
        const [id, count] = part.split('=').map((item) => item.trim());
        const calls = Number(count);
        if (
          !(PLATFORM_IDS as readonly string[]).includes(id ?? '') ||
          !Number.isInteger(calls) ||
          calls < 0
        ) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not <platform id>=<calls per minute>` });
          return z.NEVER;
        }
        budgets[id as PlatformId] = calls;
      }
      return budgets;
    }),
};

/**
 * Publish calls per minute per platform app: each platform's own setting, else the one for all, else the
 * platform's default (modules/publishing/publishing-budget.ts); 0 = no budget.
 */
export interface PublishBudgets {
  perMinute: number | undefined;
  platforms: Partial<Record<PlatformId, number>>;
}

export function readPublishBudgets(env: {
  PUBLISH_BUDGET_PER_MINUTE?: number | undefined;
  PUBLISH_BUDGETS: Partial<Record<PlatformId, number>>;
}): PublishBudgets {
  return { perMinute: env.PUBLISH_BUDGET_PER_MINUTE, platforms: env.PUBLISH_BUDGETS };
}
