/**
 * The subscription plans (spec section 9). The pricing page renders from this list and the server will
 * enforce the limits from it, so both always agree. Prices are whole US dollars; sizes are in bytes.
 */

/** Binary megabyte: the unit the storage and file-size limits are written in. */
export const MEGABYTE = 1024 * 1024;

/** Every plan starts with this many days free, without a payment card. */
export const FREE_TRIAL_DAYS = 14;

export const PLAN_IDS = ['standard', 'premium', 'entrepreneur'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** What every plan includes, in the order the pricing page lists it. */
export const PLAN_FEATURES = [
  'Bulk post',
  'Draft posts',
  'Watermark',
  'URL shortener',
  'Proxies',
  'AI content and image generation',
  'Image editor',
  'Cloud import',
] as const;

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Price per month when billed monthly. */
  monthlyPrice: number;
  /** Price per year when billed annually. */
  annualPrice: number;
  /** Most social accounts the plan can connect. */
  socialAccounts: number;
  /** How the account allowance reads on the pricing page ("3", "Up to 42"). */
  socialAccountsLabel: string;
  /** Most accounts of one platform (say, three Instagram accounts). */
  accountsPerPlatform: number;
  storageBytes: number;
  maxFileSizeBytes: number;
  /** Highlighted as POPULAR on the pricing page. */
  popular: boolean;
  features: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'standard',
    name: 'Standard',
    description: 'For creators who run a few channels and want them on a schedule.',
    monthlyPrice: 29,
    annualPrice: 290,
    socialAccounts: 3,
    socialAccountsLabel: '3',
    accountsPerPlatform: 1,
    storageBytes: 100 * MEGABYTE,
    maxFileSizeBytes: 2 * MEGABYTE,
    popular: false,
    features: PLAN_FEATURES,
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For growing brands and small teams publishing every day across many channels.',
    monthlyPrice: 39,
    annualPrice: 390,
    socialAccounts: 42,
    socialAccountsLabel: 'Up to 42',
    accountsPerPlatform: 5,
    storageBytes: 500 * MEGABYTE,
    maxFileSizeBytes: 5 * MEGABYTE,
    popular: true,
    features: PLAN_FEATURES,
  },
  {
    id: 'entrepreneur',
    name: 'Entrepreneur',
    description: 'For agencies and businesses that manage accounts for several brands at scale.',
    monthlyPrice: 69,
    annualPrice: 690,
    socialAccounts: 70,
    socialAccountsLabel: 'Up to 70',
    accountsPerPlatform: 10,
    storageBytes: 1000 * MEGABYTE,
    maxFileSizeBytes: 10 * MEGABYTE,
    popular: false,
    features: PLAN_FEATURES,
  },
];

/** The lowest monthly price, quoted as "paid plans from $29 per month". */
export const STARTING_MONTHLY_PRICE = Math.min(...PLANS.map((plan) => plan.monthlyPrice));

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === 'string' && (BILLING_PERIODS as readonly string[]).includes(value);
}

/** The plan with this id, or undefined for anything else (a query parameter, say). */
export function findPlan(id: unknown): Plan | undefined {
  return isPlanId(id) ? PLANS.find((plan) => plan.id === id) : undefined;
}

/** What the plan costs for one billing period: a month, or a year. */
export function planPrice(plan: Plan, period: BillingPeriod): number {
  return period === 'annual' ? plan.annualPrice : plan.monthlyPrice;
}

/** Months saved by paying yearly instead of twelve monthly payments (2 for every plan today). */
export function annualSavingsInMonths(plan: Plan): number {
  return Math.round((plan.monthlyPrice * 12 - plan.annualPrice) / plan.monthlyPrice);
}

/** A size limit as the pricing page shows it: whole megabytes ("100 MB", "1000 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / MEGABYTE)} MB`;
}

/** A price in whole dollars ("$29"). */
export function formatPrice(amount: number): string {
  return `$${amount}`;
}

/**
 * How plans are paid for (docs/plans-and-billing.md): `managed` when the server has Stripe keys (a 14-day trial
 * on Standard's limits, then publishing pauses until a plan is chosen); `self-hosted` otherwise (no trial end; a
 * workspace without a plan gets the highest plan's limits, and the administrator sets plans with `npm run admin`).
 */
export const BILLING_MODES = ['managed', 'self-hosted'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/**
 * The file-size and storage limits of a workspace's media: its plan's on a managed install, the install's own
 * (MAX_UPLOAD_MB, WORKSPACE_STORAGE_MB) when self-hosted (docs/decisions/0061-self-hosted-limits-and-no-store.md).
 */
export interface MediaLimits {
  maxFileSizeBytes: number;
  /** Null: no storage limit but the server's free disk space. */
  storageBytes: number | null;
  /** The plan the limits come from; null when the server's administrator set them (self-hosted). */
  planName: string | null;
}

export function planMediaLimits(plan: Plan): MediaLimits {
  return { maxFileSizeBytes: plan.maxFileSizeBytes, storageBytes: plan.storageBytes, planName: plan.name };
}

/** The highest plan: the account limits of a self-hosted workspace nobody chose a plan for. */
export const HIGHEST_PLAN_ID: PlanId = 'entrepreneur';

export const PLAN_MESSAGES = {
  trialEnded:
    'Your free trial has ended. Choose a plan to schedule and publish again; your drafts and scheduled posts are kept.',
} as const;
