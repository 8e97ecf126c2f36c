import type { KeyCheck, PlatformSetup, PlatformSetupList } from '@relaycast/shared/accounts-setup';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { AlertTriangle, CheckCircle2, CircleDashed, ExternalLink, XCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckKeys, usePlatformSetup } from '@/api/accounts';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { showError } from '@/lib/show-error';

/**
 * "Set up" on a platform's card (owners and admins): what to register at the platform for this install and
 * whether the keys work, as the server computes it from the connector (docs/platform-setup.md).
 */
export function PlatformSetupDialog({ platform, onClose }: { platform: PlatformId | null; onClose(): void }) {
  const { t } = useTranslation('accounts');
  const setup = usePlatformSetup(platform !== null);
  const entry = setup.data?.platforms.find((candidate) => candidate.platform === platform);
  const name = entry?.name ?? (platform ? PLATFORMS[platform].name : '');
  return (
    <Dialog
      open={platform !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('Set up {{platform}}', { platform: name })}
      description={
        entry?.needsKeys === false
          ? t('{{platform}} needs no keys: there is nothing to register.', { platform: name })
          : t('Register Relaycast as an app at {{platform}}, then give this server its keys.', {
              platform: name,
            })
      }
      className="max-w-2xl"
    >
      {setup.isPending ? (
        <Spinner label={t('Loading the setup')} />
      ) : setup.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(setup.error, t('Could not load the setup.'))}
        </p>
      ) : entry ? (
        <SetupDetails list={setup.data} setup={entry} />
      ) : null}
    </Dialog>
  );
}

function SetupDetails({ list, setup }: { list: PlatformSetupList; setup: PlatformSetup }) {
  const { t } = useTranslation('accounts');
  if (!setup.needsKeys) return <Caveats caveats={setup.caveats} />;
  return (
    <div className="grid grid-cols-1 gap-5">
      {setup.portalUrl ? (
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <a href={setup.portalUrl} target="_blank" rel="noreferrer">
            {t('Open the {{platform}} developer portal', { platform: setup.name })}
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      ) : null}
      <RedirectAddress list={list} setup={setup} />
      <SetupSection title={t('Scopes to ask for')}>
        <ul aria-label={t('Scopes')} className="flex flex-wrap gap-1.5">
          {setup.scopes.map((scope) => (
            <li key={scope}>
              <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{scope}</code>
            </li>
          ))}
        </ul>
      </SetupSection>
      <Variables setup={setup} />
      <SetupSection title={t('Before everyone can connect')}>
        <Caveats caveats={setup.caveats} />
      </SetupSection>
      <KeyCheckSection setup={setup} />
    </div>
  );
}

function SetupSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Caveats({ caveats }: { caveats: string[] }) {
  return (
    <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
      {caveats.map((caveat) => (
        <li key={caveat}>{translateMessage(caveat)}</li>
      ))}
    </ul>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function RedirectAddress({ list, setup }: { list: PlatformSetupList; setup: PlatformSetup }) {
  const { t } = useTranslation('accounts');
  if (!setup.redirectUri) return null;
  return (
    <div className="grid grid-cols-1 gap-2">
      <CopyField
        label={t('Redirect address')}
        value={setup.redirectUri}
        hint={t('Register exactly this address at {{platform}}.', { platform: setup.name })}
      />
      {/* A phone's field shows the address's start only: the whole of it, to compare with the portal's. */}
      <p aria-hidden="true" className="font-mono text-xs break-all text-muted-foreground sm:hidden">
        {setup.redirectUri}
      </p>
      {list.isPublicUrlSet ? null : (
        <Note>
          {t(
            'PUBLIC_URL is not set, so this address follows the address you opened Relaycast at. Set PUBLIC_URL before you register it.',
          )}
        </Note>
      )}
      {list.isPlainHttp ? (
        <Note>
          {t(
            'This address is plain http: most platforms refuse it outside local development. Set PUBLIC_URL to an https address.',
          )}
        </Note>
      ) : null}
    </div>
  );
}

function Variables({ setup }: { setup: PlatformSetup }) {
  const { t } = useTranslation('accounts');
  return (
    <SetupSection title={t('Variables to set on the server')}>
      <ul aria-label={t('Variables for {{platform}}', { platform: setup.name })} className="grid gap-2.5">
        {setup.variables.map((variable) => (
          <li key={variable.name} className="grid grid-cols-1 gap-0.5 text-sm">
            <div className="flex items-center gap-2">
              <code className="min-w-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
                {variable.name}
              </code>
              <span
                className={cn(
                  'ml-auto inline-flex shrink-0 items-center gap-1 text-xs font-medium',
                  variable.isSet ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
                )}
              >
                {variable.isSet ? (
                  <CheckCircle2 aria-hidden="true" className="size-3.5" />
                ) : (
                  <CircleDashed aria-hidden="true" className="size-3.5" />
                )}
                {variable.isSet ? t('Set') : t('Missing')}
              </span>
            </div>
            <span className="text-xs text-muted-foreground">
              {t('In the portal: “{{name}}”', { name: variable.portalName })}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        {t(
          'Set them where the server reads its environment (the .env file, your service manager or container), then restart it. The README’s “Configuration” and docs/platform-setup.md have the details.',
        )}
      </p>
    </SetupSection>
  );
}

function KeyCheckSection({ setup }: { setup: PlatformSetup }) {
  const { t } = useTranslation('accounts');
  const check = useCheckKeys();
  if (!setup.canCheck) return null;
  return (
    <SetupSection title={t('Do the keys work?')}>
      {setup.isConfigured ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={check.isPending}
          onClick={() => check.mutate(setup.platform, { onError: (error) => showError(error) })}
        >
          {check.isPending ? t('Checking…') : t('Check keys')}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('Once both variables are set and the server restarted, Check keys here asks {{platform}}.', {
            platform: setup.name,
          })}
        </p>
      )}
      {check.data ? <KeyCheckResult result={check.data} name={setup.name} /> : null}
    </SetupSection>
  );
}

const OUTCOME_LOOK: Record<KeyCheck['outcome'], { icon: typeof CheckCircle2; className: string }> = {
  ok: {
    icon: CheckCircle2,
    className:
      'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  },
  refused: { icon: XCircle, className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  unreachable: {
    icon: AlertTriangle,
    className:
      'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  },
  not_configured: { icon: CircleDashed, className: 'border-border bg-muted text-foreground' },
  no_keys: { icon: CircleDashed, className: 'border-border bg-muted text-foreground' },
};

function KeyCheckResult({ result, name }: { result: KeyCheck; name: string }) {
  const { t } = useTranslation('accounts');
  const look = OUTCOME_LOOK[result.outcome];
  const Icon = look.icon;
  return (
    <div role="status" className={cn('grid gap-2 rounded-lg border px-3 py-2.5 text-sm', look.className)}>
      <p className="flex items-start gap-2 font-medium">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {translateMessage(result.message)}
      </p>
      {result.detail ? (
        <p className="break-words">
          {result.outcome === 'not_configured'
            ? t('Missing: {{names}}', { names: result.detail })
            : t('{{platform}} answered: “{{detail}}”', { platform: name, detail: result.detail })}
        </p>
      ) : null}
      <OutcomeList title={t('Checked')} items={result.checked} />
      <OutcomeList title={t('Not checked')} items={result.notChecked} />
    </div>
  );
}

function OutcomeList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="text-xs">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 grid list-disc gap-1 pl-4">
        {items.map((item) => (
          <li key={item}>{translateMessage(item)}</li>
        ))}
      </ul>
    </div>
  );
}
