import {
  AI_MESSAGES,
  AI_PROVIDERS,
  type AiProvider,
  type AiSettings,
  type AiSettingsInput,
  aiSettingsInputSchema,
} from '@relaycast/shared/ai';
import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { Sparkles } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiSettings, useSaveAiSettings } from '@/api/ai';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { type SaveState, useSaveAsYouGo } from '@/lib/use-save-as-you-go';

const PROVIDER_LABELS: Record<AiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible (Ollama, vLLM, LM Studio, llama.cpp)',
};

/** Examples in the fields: an address and a model name, the same in every language. */
const BASE_URL_EXAMPLE = 'http://localhost:11434/v1';
const MODEL_EXAMPLE = 'llama3.1';

/** The empty value keeps the server's provider. */
const PROVIDER_OPTIONS: readonly (AiProvider | '')[] = ['', ...AI_PROVIDERS];

interface Fields {
  provider: AiProvider | '';
  baseUrl: string;
  model: string;
}

/**
 * The form's state, saved as you go (docs/decisions/0078-settings-save-as-you-go-and-week-start.md): the
 * provider when it is picked, an address, a model or a key when the field is left (or Enter is pressed) and
 * differs from what is stored. A value the schema refuses is said under the fields and not sent.
 */
function useAiSettingsForm(settings: AiSettings) {
  const { t } = useTranslation('ai-assistant');
  const save = useSaveAiSettings();
  const [fields, setFields] = useState<Fields>({
    provider: settings.provider ?? '',
    baseUrl: settings.baseUrl ?? '',
    model: settings.model ?? '',
  });
  const [apiKey, setApiKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useSaveAsYouGo((input: AiSettingsInput) => save.mutateAsync(input), {
    failureMessage: t('Could not save the AI settings.'),
  });

  function commit(next: Fields, key?: string) {
    const parsed = aiSettingsInputSchema.safeParse({
      provider: next.provider || null,
      baseUrl: next.baseUrl,
      model: next.model,
      ...(key === undefined ? {} : { apiKey: key }),
    });
    if (!parsed.success)
      return setProblem(translateMessage(parsed.error.issues[0]?.message ?? AI_MESSAGES.invalidBaseUrl));
    setProblem(null);
    const stored = settings;
    const unchanged =
      key === undefined &&
      (parsed.data.provider ?? null) === (stored.provider ?? null) &&
      parsed.data.baseUrl === (stored.baseUrl ?? '') &&
      parsed.data.model === (stored.model ?? '');
    if (!unchanged) void saving.commit(parsed.data);
  }

  return {
    fields,
    apiKey,
    problem,
    saveState: saving.state,
    edit: (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch })),
    pickProvider(provider: AiProvider | '') {
      const next = { ...fields, provider };
      setFields(next);
      commit(next);
    },
    commitFields: () => commit(fields),
    setApiKey,
    commitKey() {
      if (!apiKey.trim()) return;
      commit(fields, apiKey);
      setApiKey('');
    },
    removeKey: () => commit(fields, ''),
  };
}

type AiForm = ReturnType<typeof useAiSettingsForm>;

function KeyField({ settings, form, id }: { settings: AiSettings; form: AiForm; id: string }) {
  const { t } = useTranslation('ai-assistant');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-key`}>{t('API key')}</Label>
      <Input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        placeholder={settings.apiKeyLastFour ? `•••• ${settings.apiKeyLastFour}` : 'sk-…'}
        aria-describedby={`${id}-key-hint`}
        value={form.apiKey}
        onChange={(event) => form.setApiKey(event.target.value)}
        onBlur={form.commitKey}
      />
      <p id={`${id}-key-hint`} className="text-xs text-muted-foreground">
        {settings.apiKeyLastFour
          ? t('A key ending in {{lastFour}} is stored (encrypted). Leave empty to keep it.', {
              lastFour: settings.apiKeyLastFour,
            })
          : t('Stored encrypted; only its last four characters are ever shown.')}
      </p>
      {settings.apiKeyLastFour ? (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={form.removeKey}>
            {t('Remove the stored key')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function AiSettingsForm({ settings, form }: { settings: AiSettings; form: AiForm }) {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const server = settings.server;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        form.commitFields();
        form.commitKey();
      }}
    >
      <p className="text-sm text-muted-foreground">
        {server.provider
          ? t(
              "The server uses {{provider}}. Fill in fields here to use another provider or model for this workspace; empty fields keep the server's.",
              {
                provider: `${t(PROVIDER_LABELS[server.provider])}${server.model ? ` (${server.model})` : ''}`,
              },
            )
          : t(
              'The server has no AI provider. Choose one for this workspace, or set AI_PROVIDER on the server.',
            )}
      </p>
      {!settings.canEdit ? <p className="text-sm">{t(AI_MESSAGES.adminOnly)}</p> : null}
      <fieldset disabled={!settings.canEdit} className="grid gap-4">
        <SelectField<AiProvider | ''>
          label={t('Provider')}
          value={form.fields.provider}
          options={PROVIDER_OPTIONS}
          format={(option) => t(option ? PROVIDER_LABELS[option] : "The server's")}
          onChange={form.pickProvider}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-base-url`}>{t('Base URL')}</Label>
          <Input
            id={`${ids}-base-url`}
            type="url"
            placeholder={BASE_URL_EXAMPLE}
            value={form.fields.baseUrl}
            onChange={(event) => form.edit({ baseUrl: event.target.value })}
            onBlur={form.commitFields}
            aria-describedby={`${ids}-base-url-hint`}
          />
          <p id={`${ids}-base-url-hint`} className="text-xs text-muted-foreground">
            {t(
              settings.privateAddressesAllowed ? ADDRESS_MESSAGES.helpAllowed : ADDRESS_MESSAGES.helpRefused,
            )}
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-model`}>{t('Model')}</Label>
          <Input
            id={`${ids}-model`}
            placeholder={MODEL_EXAMPLE}
            value={form.fields.model}
            onChange={(event) => form.edit({ model: event.target.value })}
            onBlur={form.commitFields}
          />
        </div>
        <KeyField settings={settings} form={form} id={ids} />
        {form.problem ? (
          <p role="alert" className="text-sm text-destructive">
            {form.problem}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}

/** The section once the settings are read: its "Saving…" / "Saved" comes from the form's state. */
function LoadedAiSettings({ settings }: { settings: AiSettings }) {
  const form = useAiSettingsForm(settings);
  return (
    <AiSection saveState={form.saveState}>
      <AiSettingsForm settings={settings} form={form} />
    </AiSection>
  );
}

function AiSection({ saveState, children }: { saveState?: SaveState; children: ReactNode }) {
  const { t } = useTranslation('ai-assistant');
  return (
    <SettingsCard title={t('AI assistant')} icon={Sparkles} saveState={saveState}>
      {children}
    </SettingsCard>
  );
}

/** Settings → AI assistant: the workspace's provider, base URL, model and key, saved as they change. */
export function AiSettingsSection() {
  const { t } = useTranslation('ai-assistant');
  const settings = useAiSettings();
  if (settings.isPending)
    return (
      <AiSection>
        <Spinner label={t('Loading the AI settings')} />
      </AiSection>
    );
  if (settings.isError)
    return (
      <AiSection>
        <p role="alert" className="text-sm text-destructive">
          {settings.error.message}
        </p>
      </AiSection>
    );
  return <LoadedAiSettings settings={settings.data} />;
}
