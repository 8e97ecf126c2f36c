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

/** The publishing settings of the server's configuration (env.ts's Config extends it). */
export interface PublishingConfig {
  /** Posts that came due more than this long ago while no worker ran are held for the user to confirm. */
  publishStaleAfterHours: number;
  /** Platform calls in flight per platform in this process; unset = each connector's capabilities.maxConcurrency. */
  publishMaxConcurrency: number | undefined;
  /** Publish calls per minute per platform app, counted across workers (modules/publishing/publishing-budget.ts). */
  publishBudgets: PublishBudgets;
}

export function readPublishing(env: {
  PUBLISH_STALE_AFTER_HOURS: number;
  PUBLISH_MAX_CONCURRENCY?: number | undefined;
  PUBLISH_BUDGET_PER_MINUTE?: number | undefined;
  PUBLISH_BUDGETS: Partial<Record<PlatformId, number>>;
}): PublishingConfig {
  return {
    publishStaleAfterHours: env.PUBLISH_STALE_AFTER_HOURS,
    publishMaxConcurrency: env.PUBLISH_MAX_CONCURRENCY,
    publishBudgets: { perMinute: env.PUBLISH_BUDGET_PER_MINUTE, platforms: env.PUBLISH_BUDGETS },
  };
}
