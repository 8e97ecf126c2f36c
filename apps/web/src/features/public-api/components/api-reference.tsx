import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenApiDocument } from '@/api/public-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { type Operation, operationsOf, requestUrl } from '../operations';

/**
 * The public API's interactive reference (/api-reference, and /api/docs redirects here): every operation of
 * the OpenAPI document the server generates from its own schemas, with a form that sends the request with the
 * reader's API key and shows the answer. The key stays in this page's memory only.
 */

/** What an API key starts with: a format, not words, so the same in every language. */
const KEY_PLACEHOLDER = 'rc_…';

const METHOD_STYLES: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  PATCH: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

// function-budget: OperationCard lays out one screen part in one JSX tree; split into named parts when it next changes
function OperationCard({ operation, apiKey }: { operation: Operation; apiKey: string }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() =>
    operation.example === undefined ? '{}' : JSON.stringify(operation.example, null, 2),
  );
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<{ status: number; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const baseId = useId();
  const { t } = useTranslation('public-api');

  async function send() {
    setProblem(null);
    setAnswer(null);
    if (!apiKey.trim()) return setProblem(t('Paste an API key above first.'));
    const missing = operation.parameters.find((p) => p.required && !values[p.name]?.trim());
    if (missing) return setProblem(t('Fill in {{name}}.', { name: missing.name }));
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey.trim()}` };
    let payload: BodyInit | undefined;
    if (operation.hasJsonBody) {
      try {
        payload = JSON.stringify(JSON.parse(body));
      } catch {
        return setProblem(t('The request body is not valid JSON.'));
      }
      headers['content-type'] = 'application/json';
    } else if (operation.isUpload) {
      if (!file) return setProblem(t('Choose a file to upload.'));
      const form = new FormData();
      form.append('file', file);
      payload = form;
    }
    setSending(true);
    try {
      const response = await fetch(requestUrl(operation, values), {
        method: operation.method,
        headers,
        body: payload,
        credentials: 'omit',
      });
      const text = await response.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON (an empty 204): shown as it came.
      }
      setAnswer({ status: response.status, text: shown || t('(no content)') });
    } catch {
      setProblem(t('The request did not reach the server.'));
    } finally {
      setSending(false);
    }
  }

  const title = `${operation.method} ${operation.path}`;
  return (
    <li className="rounded-xl border bg-card">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-3 p-4">
          <span
            className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_STYLES[operation.method] ?? ''}`}
          >
            {operation.method}
          </span>
          <code className="text-sm break-all">{operation.path}</code>
          <span className="text-sm text-muted-foreground">{operation.summary}</span>
        </summary>
        <div className="grid gap-4 border-t p-4">
          {operation.parameters.length > 0 ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {operation.parameters.map((parameter) => (
                <div key={`${parameter.in}-${parameter.name}`} className="grid gap-1.5">
                  <Label htmlFor={`${baseId}-${parameter.name}`}>
                    {parameter.name}{' '}
                    <span className="font-normal text-muted-foreground">
                      (
                      {parameter.required
                        ? t('{{location}}, required', { location: parameter.in })
                        : parameter.in}
                      )
                    </span>
                  </Label>
                  <Input
                    id={`${baseId}-${parameter.name}`}
                    value={values[parameter.name] ?? ''}
                    placeholder={parameter.schema.enum?.join(', ') ?? parameter.schema.type ?? ''}
                    onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
                  />
                </div>
              ))}
            </div>
          ) : null}
          {operation.hasJsonBody ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${baseId}-body`}>{t('Request body (JSON)')}</Label>
              <Textarea
                id={`${baseId}-body`}
                rows={Math.min(12, Math.max(3, body.split('\n').length))}
                className="font-mono text-xs"
                value={body}
                onChange={(event) => setBody(event.target.value)}
              />
            </div>
          ) : null}
          {operation.isUpload ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${baseId}-file`}>{t('File')}</Label>
              <Input
                id={`${baseId}-file`}
                type="file"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              disabled={sending}
              onClick={() => void send()}
              aria-label={t('Send {{operation}}', { operation: title })}
            >
              {t('Send request')}
            </Button>
            {sending ? <Spinner label={t('Sending')} /> : null}
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          {answer ? (
            <section aria-label={t('Answer to {{operation}}', { operation: title })} className="grid gap-1.5">
              <Badge>{t('Status {{status}}', { status: answer.status })}</Badge>
              <pre className="max-h-96 overflow-auto rounded-lg bg-muted p-3 text-xs">{answer.text}</pre>
            </section>
          ) : null}
        </div>
      </details>
    </li>
  );
}

export function ApiReference() {
  const document = useOpenApiDocument();
  const [apiKey, setApiKey] = useState('');
  const keyId = useId();
  const { t } = useTranslation('public-api');
  const operations = document.data ? operationsOf(document.data) : [];
  return (
    <div className="grid gap-6">
      <div className="grid gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
        <p>
          <Trans
            t={t}
            i18nKey="Create a key in <settings>Settings → Security</settings> and send it as <code>{{authorization}}</code> or in an <code>{{header}}</code> header."
            values={{ authorization: 'Authorization: Bearer <key>', header: 'x-api-key' }}
            components={{
              settings: (
                <Link
                  to="/settings"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                />
              ),
              code: <code />,
            }}
          />{' '}
          {t('Read-only keys may only GET.')}{' '}
          <Trans
            t={t}
            i18nKey="The machine-readable document is <document>/api/v1/openapi.json</document> (OpenAPI 3.1)."
            components={{
              document: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's text inside
                <a
                  href="/api/v1/openapi.json"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                />
              ),
            }}
          />
        </p>
        <div className="grid max-w-xl gap-1.5">
          <Label htmlFor={keyId}>{t('API key for “Send request”')}</Label>
          <Input
            id={keyId}
            type="password"
            autoComplete="off"
            placeholder={KEY_PLACEHOLDER}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
          />
          <p className="text-xs text-muted-foreground">
            {t('Kept in this page only; requests act on your data.')}
          </p>
        </div>
      </div>
      {document.isPending ? <Spinner label={t('Loading the API reference')} /> : null}
      {document.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {document.error.message}
        </p>
      ) : null}
      {operations.length > 0 ? (
        <ul aria-label={t('Operations')} className="grid gap-3">
          {operations.map((operation) => (
            <OperationCard
              key={`${operation.method} ${operation.path}`}
              operation={operation}
              apiKey={apiKey}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
