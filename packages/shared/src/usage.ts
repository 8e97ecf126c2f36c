import { z } from 'zod';
import { BILLING_MODES, PLAN_IDS } from './plans';

/**
 * `GET /api/workspaces/current/usage`: the workspace's plan, trial and what it uses against the plan's limits
 * (the usage page, docs/plans-and-billing.md).
 */
export const workspaceUsageSchema = z.object({
  billingMode: z.enum(BILLING_MODES),
  /** The plan chosen, or null (trial, or self-hosted without a plan). */
  plan: z.enum(PLAN_IDS).nullable(),
  /** The plan whose limits apply. */
  effectivePlan: z.enum(PLAN_IDS),
  onTrial: z.boolean(),
  trialDaysLeft: z.number().int(),
  trialEndsAt: z.string().nullable(),
  publishingBlocked: z.boolean(),
  publishingBlockedReason: z.string().nullable(),
  accounts: z.object({
    used: z.number().int(),
    limit: z.number().int(),
    /** The platform with most connected accounts, and how many (null: none connected). */
    fullestPlatform: z.string().nullable(),
    fullestPlatformUsed: z.number().int(),
    perPlatformLimit: z.number().int(),
  }),
  storage: z.object({
    usedBytes: z.number(),
    /** Null: no storage limit but the server's disk (self-hosted without WORKSPACE_STORAGE_MB). */
    limitBytes: z.number().nullable(),
    maxFileSizeBytes: z.number(),
    /** Whose limits: the plan's (managed) or the server's own (self-hosted, docs/decisions/0061). */
    limitsFrom: z.enum(['plan', 'server']),
    /** What the server's disk can still take before its reserve (self-hosted only; null on a managed install). */
    diskFreeBytes: z.number().nullable(),
  }),
  members: z.object({ count: z.number().int() }),
  ai: z.object({ usedThisHour: z.number().int(), hourlyLimit: z.number().int() }),
});
export type WorkspaceUsage = z.infer<typeof workspaceUsageSchema>;
