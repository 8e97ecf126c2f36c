import { findPlan, formatMegabytes } from '@relaycast/shared/plans';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import type { WorkspaceUsage } from '@relaycast/shared/usage';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkspaceUsage } from '@/api/usage';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

function Meter({
  label,
  used,
  limit,
  detail,
}: {
  label: string;
  used: number;
  limit: number;
  detail: string;
}) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">{detail}</span>
      </div>
      <meter
        className="sr-only"
        aria-label={label}
        aria-valuetext={detail}
        min={0}
        max={Math.max(limit, 1)}
        value={Math.min(used, limit)}
      />
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div
          className={percent >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function megabytes(bytes: number): string {
  // Under a megabyte, kilobytes: a first upload of a few KB must not read "0 MB".
  return bytes > 0 && bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : formatMegabytes(bytes);
}

/** Storage against its limit; without one (a self-hosted server), against what the server's disk can still take. */
function StorageMeter({ storage }: { storage: WorkspaceUsage['storage'] }) {
  const { t } = useTranslation('usage');
  const used = megabytes(storage.usedBytes);
  if (storage.limitBytes !== null) {
    return (
      <Meter
        label={t('Storage')}
        used={storage.usedBytes}
        limit={storage.limitBytes}
        detail={t('{{used}} of {{limit}}', { used, limit: formatMegabytes(storage.limitBytes) })}
      />
    );
  }
  const free = storage.diskFreeBytes ?? 0;
  return (
    <Meter
      label={t('Storage')}
      used={storage.usedBytes}
      limit={storage.usedBytes + free}
      detail={t("{{used}} used, {{free}} free on the server's disk", { used, free: megabytes(free) })}
    />
  );
}

function PlanSummary({ usage }: { usage: WorkspaceUsage }) {
  const { t } = useTranslation('usage');
  const plan = findPlan(usage.effectivePlan);
  const chosen = usage.plan ? findPlan(usage.plan) : undefined;
  return (
    <Card className="grid gap-2" data-testid="plan-summary">
      <h2 className="text-lg font-semibold">{t('Your plan')}</h2>
      <p>
        {chosen
          ? t('{{plan}} plan', { plan: chosen.name })
          : usage.onTrial
            ? t('Free trial with the {{plan}} limits', { plan: plan?.name })
            : usage.billingMode === 'self-hosted'
              ? t('Self-hosted: the {{plan}} limits', { plan: plan?.name })
              : t('No plan chosen yet')}
      </p>
      {usage.storage.limitsFrom === 'server' ? (
        <p className="text-sm text-muted-foreground" data-testid="server-limits">
          {t("File size and storage limits are this server's own, set by its administrator.")}
        </p>
      ) : null}
      {usage.onTrial ? (
        <p className="text-sm text-muted-foreground" data-testid="trial-days-left">
          {t('Trial: {{count}} days left', { count: usage.trialDaysLeft })}
        </p>
      ) : null}
      {usage.publishingBlocked ? (
        <p role="alert" className="text-sm text-destructive">
          {t(
            'Your free trial has ended. Choose a plan to schedule and publish again; your drafts and scheduled posts are kept.',
          )}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {usage.billingMode === 'self-hosted'
          ? t('This server is self-hosted: its administrator sets plans with npm run admin.')
          : t('Plans are billed by this server.')}{' '}
        <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('Compare plans')}
        </Link>
      </p>
    </Card>
  );
}

/** The usage page: the plan and what the workspace uses against its limits (GET /api/workspaces/current/usage). */
export function UsageOverview() {
  const { t } = useTranslation('usage');
  const { data: usage, isPending, isError } = useWorkspaceUsage();
  if (isPending) return <Spinner label={t('Loading your usage')} />;
  if (isError || !usage) return <p role="alert">{t('Your usage could not be loaded. Try again later.')}</p>;
  const fullest = usage.accounts.fullestPlatform as PlatformId | null;
  return (
    <div className="grid gap-6">
      <PlanSummary usage={usage} />
      <Card className="grid gap-5" data-testid="usage-figures">
        <h2 className="text-lg font-semibold">{t('Usage')}</h2>
        <p className="-mt-3 text-sm text-muted-foreground">
          {t(
            'Connected accounts and storage count all the workspaces you own: the plan limits apply to them together.',
          )}
        </p>
        <Meter
          label={t('Connected accounts')}
          used={usage.accounts.used}
          limit={usage.accounts.limit}
          detail={t('{{used}} of {{limit}}', { used: usage.accounts.used, limit: usage.accounts.limit })}
        />
        <Meter
          label={
            fullest
              ? t('Accounts on {{platform}} (your fullest platform)', {
                  platform: PLATFORMS[fullest]?.name ?? fullest,
                })
              : t('Accounts per platform')
          }
          used={usage.accounts.fullestPlatformUsed}
          limit={usage.accounts.perPlatformLimit}
          detail={t('{{used}} of {{limit}}', {
            used: usage.accounts.fullestPlatformUsed,
            limit: usage.accounts.perPlatformLimit,
          })}
        />
        <StorageMeter storage={usage.storage} />
        <p className="text-sm text-muted-foreground">
          {t('Largest file: {{size}}', { size: formatMegabytes(usage.storage.maxFileSizeBytes) })}
        </p>
        <Meter
          label={t('AI generations this hour')}
          used={usage.ai.usedThisHour}
          limit={usage.ai.hourlyLimit}
          detail={t('{{used}} of {{limit}}', { used: usage.ai.usedThisHour, limit: usage.ai.hourlyLimit })}
        />
        <p className="text-sm" data-testid="members-count">
          {t('Members: {{n}}', { n: usage.members.count })}
        </p>
      </Card>
    </div>
  );
}
