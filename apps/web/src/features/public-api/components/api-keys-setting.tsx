import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  createApiKeySchema,
} from '@relaycast/shared/public-api';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@/api/api-keys';
import { useUserSettings } from '@/api/settings';
import { DialogForm } from '@/components/dialog-form';
import { SecretShownOnce } from '@/components/secret-shown-once';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { toastOutcome } from '@/lib/show-error';
import { formatRelative } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

const SCOPE_CHOICES: { value: ApiKeyScope[]; label: string; hint: string }[] = [
  { value: ['read'], label: 'Read only', hint: 'List posts, accounts, media, streams and analytics.' },
  {
    value: ['read', 'write'],
    label: 'Read and write',
    hint: 'Also create, schedule, change and delete posts, media and planned streams.',
  },
];

function CreateKeyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const scopeName = useId();
  const { t } = useTranslation('public-api');

  function close() {
    setName('');
    setScopes(['read']);
    setError(null);
    setCreated(null);
    onClose();
  }

  async function submit() {
    setError(null);
    const parsed = createApiKeySchema.safeParse({ name, scopes });
    if (!parsed.success)
      return setError(translateMessage(parsed.error.issues[0]?.message ?? API_KEY_MESSAGES.nameRequired));
    try {
      setCreated(await create.mutateAsync(parsed.data));
      toast.success(t(API_KEY_MESSAGES.created));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={created ? t('Copy your API key') : t('Create an API key')}
      description={
        created
          ? t(
              'This is the only time the key is shown. Store it in your tool’s secrets; if you lose it, revoke it and create another.',
            )
          : t('A key acts as you in this workspace, through the public API at /api/v1.')
      }
    >
      {created ? (
        <SecretShownOnce label={t('API key')} value={created.secret} onDone={close}>
          <p className="text-xs text-muted-foreground">
            <Trans
              t={t}
              i18nKey="Send it as <0>Authorization: Bearer {{start}}…</0> or in an <1>x-api-key</1> header."
              values={{ start: created.key.start }}
              components={[<code key="bearer" />, <code key="header" />]}
            />
          </p>
        </SecretShownOnce>
      ) : (
        <DialogForm onSubmit={() => void submit()}>
          <FormField
            label={t('Name')}
            placeholder={t('Zapier, my CMS…')}
            maxLength={API_KEY_NAME_MAX + 20}
            value={name}
            error={error ?? undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('Access')}</legend>
            {SCOPE_CHOICES.map((choice) => (
              <label key={choice.label} className="flex items-start gap-2 rounded-lg border p-3 text-sm">
                <input
                  type="radio"
                  name={scopeName}
                  className="mt-1"
                  checked={scopes.length === choice.value.length}
                  onChange={() => setScopes(choice.value)}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{t(choice.label)}</span>
                  <span className="text-xs text-muted-foreground">{t(choice.hint)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {t('Create key')}
            </Button>
          </div>
        </DialogForm>
      )}
    </Dialog>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation('public-api');

  async function revokeKey() {
    await toastOutcome(revoke.mutateAsync(apiKey.id), t(API_KEY_MESSAGES.revoked));
    setConfirming(false);
  }

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-3 text-sm">
      <div className="flex min-w-0 gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-0.5">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">{apiKey.name}</span>
            <Badge>{apiKey.scopes.includes('write') ? t('Read and write') : t('Read only')}</Badge>
          </span>
          <span className="text-xs break-words text-muted-foreground">
            <code>{apiKey.start}…</code> · {t('created {{when}}', { when: formatRelative(apiKey.createdAt) })}{' '}
            ·{' '}
            {apiKey.lastUsedAt
              ? t('last used {{when}}', { when: formatRelative(apiKey.lastUsedAt) })
              : t('never used')}
          </span>
        </div>
      </div>
      {confirming ? (
        <span className="flex gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(false)}>
            {t('Keep')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() => void revokeKey()}
          >
            {t('Revoke {{name}}', { name: apiKey.name })}
          </Button>
        </span>
      ) : (
        <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)}>
          {t('Revoke')}
        </Button>
      )}
    </li>
  );
}

/**
 * Settings → Security → API keys: the user's keys for the public API in this workspace, created with a name
 * and a scope, shown once, revoked here. The "API key access" switch above governs them all.
 */
export function ApiKeysSetting() {
  const keys = useApiKeys();
  const settings = useUserSettings();
  const [creating, setCreating] = useState(false);
  const isOn = settings.data?.security.apiKeyEnabled ?? true;
  const list = keys.data?.keys ?? [];
  const { t } = useTranslation('public-api');
  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('API keys')}</h3>
        <Button type="button" variant="outline" size="sm" disabled={!isOn} onClick={() => setCreating(true)}>
          {t('Create API key')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {isOn
          ? t(
              'For scripts and tools that post for you, through the public API: GET /api/v1 lists its routes.',
            )
          : t('API key access is off: every key below is refused until you turn it on.')}
      </p>
      {keys.isPending ? <Spinner label={t('Loading your API keys')} /> : null}
      {keys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {keys.error.message}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t('API keys')} className="grid gap-2">
          {list.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      ) : keys.isSuccess ? (
        <p className="text-xs text-muted-foreground">{t('No API keys yet.')}</p>
      ) : null}
      {createPortal(<CreateKeyDialog open={creating} onClose={() => setCreating(false)} />, document.body)}
    </div>
  );
}
