import {
  type BillingMode,
  findPlan,
  HIGHEST_PLAN_ID,
  type MediaLimits,
  PLAN_MESSAGES,
  type Plan,
  type PlanId,
  planMediaLimits,
} from '@relaycast/shared/plans';
import type { InstallLimits } from '../../config/install-limits-env';
import { AppError } from '../../lib/app-error';

/**
 * The one rule of plans, trial and billing mode (docs/plans-and-billing.md). Every limit check and
 * the publishing pause read it, so the usage page, the composer and the engine never disagree.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PlanStatus {
  /** The plan whose limits apply now. */
  plan: Plan;
  /** Managed billing, no plan chosen, trial not over yet. */
  onTrial: boolean;
  /** Whole days left in the trial, rounded up (0 when not on trial). */
  trialDaysLeft: number;
  /** Managed billing, no plan chosen, trial over: nothing is scheduled or published until a plan is chosen. */
  publishingBlocked: boolean;
  /** Why publishing is blocked (the message shown everywhere), or null. */
  reason: string | null;
}

function planById(id: PlanId): Plan {
  const plan = findPlan(id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/**
 * The plan whose limits apply: the chosen one; without one, Standard on managed billing (trial and after) and the
 * highest plan when self-hosted.
 */
export function effectivePlan(workspace: { plan: PlanId | null }, billingMode: BillingMode): Plan {
  if (workspace.plan) return planById(workspace.plan);
  return planById(billingMode === 'managed' ? 'standard' : HIGHEST_PLAN_ID);
}

/**
 * The file-size and storage limits of a workspace's media: its plan's on a managed install; on a self-hosted one
 * the operator's (MAX_UPLOAD_MB, WORKSPACE_STORAGE_MB), whatever plan the administrator set, since the plans'
 * sizes are the managed service's (docs/decisions/0061-self-hosted-limits-and-no-store.md). Uploads, URL
 * imports, exports, clips and recordings all read it.
 */
export function mediaLimitsOf(
  workspace: { plan: PlanId | null },
  config: {
    billingMode: BillingMode;
    installLimits: Pick<InstallLimits, 'maxFileSizeBytes' | 'storageBytes'>;
  },
): MediaLimits {
  if (config.billingMode === 'managed') return planMediaLimits(effectivePlan(workspace, 'managed'));
  const { maxFileSizeBytes, storageBytes } = config.installLimits;
  return { maxFileSizeBytes, storageBytes, planName: null };
}

/** Where a workspace stands: its plan's limits, its trial, and whether publishing is paused. */
export function planStatus(
  workspace: { plan: PlanId | null; trialEndsAt: Date | null },
  billingMode: BillingMode,
  now: Date = new Date(),
): PlanStatus {
  const plan = effectivePlan(workspace, billingMode);
  if (billingMode === 'self-hosted' || workspace.plan !== null) {
    return { plan, onTrial: false, trialDaysLeft: 0, publishingBlocked: false, reason: null };
  }
  const endsAt = workspace.trialEndsAt?.getTime();
  // A workspace without a trial end (created before trials existed) is treated as on a trial that never ends.
  if (endsAt === undefined) {
    return { plan, onTrial: false, trialDaysLeft: 0, publishingBlocked: false, reason: null };
  }
  const leftMs = endsAt - now.getTime();
  if (leftMs > 0) {
    return {
      plan,
      onTrial: true,
      trialDaysLeft: Math.ceil(leftMs / DAY_MS),
      publishingBlocked: false,
      reason: null,
    };
  }
  return {
    plan,
    onTrial: false,
    trialDaysLeft: 0,
    publishingBlocked: true,
    reason: PLAN_MESSAGES.trialEnded,
  };
}

/**
 * Scheduling and publishing need a workspace that may publish (trial not over, or a plan chosen): else a 403
 * with the reason. Drafts are always allowed. The posts routes and bulk import ask it.
 */
export function assertPublishingOpen(
  workspace: { plan: PlanId | null; trialEndsAt: Date | null },
  billingMode: BillingMode,
): void {
  const status = planStatus(workspace, billingMode);
  if (status.publishingBlocked) {
    throw new AppError('PUBLISHING_BLOCKED', { message: status.reason ?? PLAN_MESSAGES.trialEnded });
  }
}
