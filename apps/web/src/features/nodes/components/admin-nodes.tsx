import type { AdminNode } from '@relaycast/shared/nodes';
import { useTranslation } from 'react-i18next';
import { useAdminNodes } from '@/api/nodes';
import { useTimeZone } from '@/api/settings';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/time-zone';

const ROLE_LABELS: Record<AdminNode['role'], string> = {
  all: 'Web and background work',
  api: 'Web only',
  worker: 'Background work',
};

function NodeRow({ node }: { node: AdminNode }) {
  const { t } = useTranslation('nodes');
  const timeZone = useTimeZone();
  return (
    <li className="grid gap-1 border-b p-4 last:border-b-0" data-testid="admin-node">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 break-words font-medium">
          {node.hostname}{' '}
          <span className="font-normal text-muted-foreground">
            {t('process {{pid}}', { pid: node.pid })}
            {node.self ? ` · ${t('answered this page')}` : ''}
          </span>
        </p>
        <span
          className={
            node.live
              ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
              : 'rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-100'
          }
        >
          {node.live
            ? t('Running')
            : t('Not seen since {{time}}', { time: formatDateTime(node.lastSeenAt, timeZone) })}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        {t(ROLE_LABELS[node.role])} · {t('version {{version}}', { version: node.version })} ·{' '}
        {t('started {{time}}', { time: formatDateTime(node.startedAt, timeZone) })}
      </p>
      <p className="break-all text-xs text-muted-foreground">
        {t('Media: {{store}}', { store: node.mediaStore })}
        {node.streaming ? ` · ${t('Live streams: {{count}}', { count: node.streams })}` : ''}
      </p>
    </li>
  );
}

/**
 * The install's nodes on the administrator's page (/admin): each server process with its ROLE, host, version and
 * media store, whether it still says it is alive, and the background job queues (docs/decisions/0103-nodes.md).
 */
export function AdminNodes() {
  const { t } = useTranslation('nodes');
  const { data, isPending, isError } = useAdminNodes();
  return (
    <section aria-labelledby="admin-nodes" className="mx-auto grid w-full max-w-3xl gap-4">
      <header>
        <h2 id="admin-nodes" className="text-xl font-semibold tracking-tight">
          {t('Nodes')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('The server processes on this database. Each says it is alive every 10 seconds.')}
        </p>
      </header>
      {isPending ? (
        <Spinner label={t('Loading the nodes')} />
      ) : isError || !data ? (
        <p role="alert">{t('The nodes could not be loaded. Try again later.')}</p>
      ) : (
        <>
          <Card className="p-0">
            <ul>
              {data.nodes.map((node) => (
                <NodeRow key={node.id} node={node} />
              ))}
            </ul>
          </Card>
          <Card className="p-4">
            <h3 className="font-medium">{t('Background jobs')}</h3>
            {data.queues.length === 0 ? (
              <p className="mt-1 text-sm text-muted-foreground">{t('No job is waiting or running.')}</p>
            ) : (
              <table className="mt-2 w-full text-sm">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="py-1 font-normal">{t('Queue')}</th>
                    <th className="py-1 text-right font-normal">{t('Waiting')}</th>
                    <th className="py-1 text-right font-normal">{t('Running')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.queues.map((queue) => (
                    <tr key={queue.queue} className="border-t" data-testid="admin-queue">
                      <td className="py-1 font-mono text-xs">{queue.queue}</td>
                      <td className="py-1 text-right tabular-nums">{queue.waiting}</td>
                      <td className="py-1 text-right tabular-nums">{queue.running}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </>
      )}
    </section>
  );
}
