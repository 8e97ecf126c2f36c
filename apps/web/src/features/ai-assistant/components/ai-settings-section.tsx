import {
  AI_MESSAGES,
  AI_PROVIDERS,
  type AiProvider,
  type AiSettings,
  aiSettingsInputSchema,
} from '@relaycast/shared/ai';
import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiSettings, useSaveAiSettings } from '@/api/ai';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';

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

// function-budget: AiSettingsForm lays out one screen part in one JSX tree; split into named parts when it next changes
function AiSettingsForm({ settings }: { settings: AiSettings }) {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const save = useSaveAiSettings();
  const [provider, setProvider] = useState<AiProvider | ''>(settings.provider ?? '');
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [model, setModel] = useState(settings.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const disabled = !settings.canEdit || save.isPending;

  async function submit() {
    const parsed = aiSettingsInputSchema.safeParse({
      provider: provider || null,
      baseUrl,
      model,
      ...(removeKey ? { apiKey: '' } : apiKey.trim() ? { apiKey } : {}),
    });
    if (!parsed.success)
      return setProblem(translateMessage(parsed.error.issues[0]?.message ?? AI_MESSAGES.invalidBaseUrl));
    setProblem(null);
    try {
      await save.mutateAsync(parsed.data);
      setApiKey('');
      setRemoveKey(false);
      toast.success(t(AI_MESSAGES.settingsSaved));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('Could not save the AI settings.'));
    }
  }

  const server = settings.server;
  return (
    <form
      noValidate
      className="mt-4 grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
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
      <fieldset disabled={disabled} className="grid gap-4">
        <SelectField<AiProvider | ''>
          label={t('Provider')}
          value={provider}
          options={PROVIDER_OPTIONS}
          format={(option) => t(option ? PROVIDER_LABELS[option] : "The server's")}
          onChange={setProvider}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-base-url`}>{t('Base URL')}</Label>
          <Input
            id={`${ids}-base-url`}
            type="url"
            placeholder={BASE_URL_EXAMPLE}
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
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
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-key`}>{t('API key')}</Label>
          <Input
            id={`${ids}-key`}
            type="password"
            autoComplete="off"
            placeholder={settings.apiKeyLastFour ? `•••• ${settings.apiKeyLastFour}` : 'sk-…'}
            aria-describedby={`${ids}-key-hint`}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
          />
          <p id={`${ids}-key-hint`} className="text-xs text-muted-foreground">
            {settings.apiKeyLastFour
              ? t('A key ending in {{lastFour}} is stored (encrypted). Leave empty to keep it.', {
                  lastFour: settings.apiKeyLastFour,
                })
              : t('Stored encrypted; only its last four characters are ever shown.')}
          </p>
          {settings.apiKeyLastFour ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={removeKey}
                onChange={(event) => setRemoveKey(event.target.checked)}
              />
              {t('Remove the stored key')}
            </label>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        {settings.canEdit ? (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {t('Save AI settings')}
            </Button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

/** Settings → AI assistant: the workspace's provider, base URL, model and key. */
export function AiSettingsSection() {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const settings = useAiSettings();
  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-primary" />
        {t('AI assistant')}
      </h2>
      {settings.isPending ? (
        <Spinner label={t('Loading the AI settings')} className="mt-4" />
      ) : settings.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {settings.error.message}
        </p>
      ) : (
        <AiSettingsForm settings={settings.data} />
      )}
    </section>
  );
}
