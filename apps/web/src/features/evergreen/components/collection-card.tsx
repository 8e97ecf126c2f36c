import {
  EVERGREEN_MESSAGES,
  type EvergreenCollection,
  type EvergreenEntry,
} from '@relaycast/shared/evergreen';
import { Pause, Play, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteCollection, useRemoveEntry, useUpdateCollection } from '@/api/evergreen';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';
import { formatInstant } from '@/lib/time-zone';

/** One evergreen collection: its settings, pause and delete, and each post with its next slot and next text. */
export function CollectionCard({
  collection,
  timeZone,
  canManage,
}: {
  collection: EvergreenCollection;
  timeZone: string;
  /** Whether the member may change it (`publish`); otherwise it is shown read-only. */
  canManage: boolean;
}) {
  const { t } = useTranslation('evergreen');
  const update = useUpdateCollection();
  const remove = useDeleteCollection();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(collection.name);
  const id = collection.id;

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const saved = update.mutateAsync({ id, patch: { name } });
    if (await toastOutcome(saved, translateMessage(EVERGREEN_MESSAGES.renamed))) setRenaming(false);
  };

  return (
    <Card role="region" className="grid gap-4 p-4" aria-label={collection.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        {renaming ? (
          <form onSubmit={rename} className="flex flex-wrap items-center gap-2">
            <Input
              aria-label={t('Collection name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" size="sm" disabled={update.isPending}>
              {t('Save')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(false)}>
              {t('Cancel')}
            </Button>
          </form>
        ) : (
          <div className="grid gap-1">
            <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              {collection.name}
              {collection.paused ? <Badge variant="outline">{t('Paused')}</Badge> : null}
              {collection.needsQueueSlots ? <Badge variant="outline">{t('Needs queue slots')}</Badge> : null}
            </h2>
            <p className="text-sm text-muted-foreground">{settingsLine(t, collection)}</p>
          </div>
        )}
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {renaming ? null : (
              <Button size="sm" variant="outline" onClick={() => setRenaming(true)}>
                {t('Rename')}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void toastOutcome(
                  update.mutateAsync({ id, patch: { paused: !collection.paused } }),
                  collection.paused ? t('Collection resumed') : t('Collection paused'),
                )
              }
            >
              {collection.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
              {collection.paused ? t('Resume') : t('Pause')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                window.confirm(
                  t('Delete the collection “{{name}}”? Published posts stay.', { name: collection.name }),
                ) && void toastOutcome(remove.mutateAsync(id), translateMessage(EVERGREEN_MESSAGES.deleted))
              }
            >
              <Trash2 aria-hidden="true" />
              {t('Delete')}
            </Button>
          </div>
        ) : null}
      </div>
      {collection.needsQueueSlots ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          {translateMessage(EVERGREEN_MESSAGES.needsQueueSlots)}{' '}
          <Link className="underline" to="/connected-accounts">
            {t('Set a posting schedule')}
          </Link>
        </p>
      ) : null}
      {collection.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t(
            'No posts yet. In the composer, choose this collection under Evergreen when you schedule a post.',
          )}
        </p>
      ) : (
        <ul className="grid gap-3">
          {collection.entries.map((entry) => (
            <EntryRow
              key={entry.id}
              collectionId={id}
              entry={entry}
              timeZone={timeZone}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function settingsLine(t: T, collection: EvergreenCollection): string {
  const parts = [t('At least {{days}} days apart', { days: collection.minGapDays })];
  if (collection.stopAfter !== null)
    parts.push(t('stops after {{n}} re-shares', { n: collection.stopAfter }));
  if (collection.endsOn) parts.push(t('ends on {{date}}', { date: collection.endsOn }));
  return parts.join(' · ');
}

/** When the entry goes out next, in words. */
export function nextLine(t: T, entry: EvergreenEntry, timeZone: string): string {
  const when = entry.nextAt ? formatInstant(entry.nextAt, timeZone) : '';
  if (entry.state === 'scheduled' && when) return t('Next: {{when}}', { when });
  if (entry.state === 'waiting' && when)
    return t('Re-queued into the first free slot after {{when}}', { when });
  if (entry.state === 'needs_slots') return t('Waits for queue slots');
  if (entry.state === 'paused') return t('Paused');
  if (entry.state === 'ended') return t('Ended');
  return entry.problem ? translateMessage(entry.problem) : t('Waiting');
}

function EntryRow({
  collectionId,
  entry,
  timeZone,
  canManage,
}: {
  collectionId: string;
  entry: EvergreenEntry;
  timeZone: string;
  canManage: boolean;
}) {
  const { t } = useTranslation('evergreen');
  const remove = useRemoveEntry();
  const text = entry.variants[entry.nextVariant] ?? entry.variants[0] ?? '';
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={t('Evergreen post')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm font-medium break-words whitespace-pre-wrap">{text}</p>
        {canManage ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              window.confirm(t('Remove this post from the collection? Published posts stay.')) &&
              void toastOutcome(
                remove.mutateAsync({ collectionId, entryId: entry.id }),
                translateMessage(EVERGREEN_MESSAGES.removed),
              )
            }
          >
            {t('Remove')}
          </Button>
        ) : null}
      </div>
      <p className="text-sm">{nextLine(t, entry, timeZone)}</p>
      <p className="text-xs text-muted-foreground">
        {t('Variant {{n}} of {{total}} goes out next', {
          n: entry.nextVariant + 1,
          total: entry.variants.length,
        })}
        {' · '}
        {t('Re-shared {{n}} times', { n: entry.reshares })}
      </p>
      {entry.variants.length === 1 ? (
        <p className="text-xs text-muted-foreground">{translateMessage(EVERGREEN_MESSAGES.oneVariant)}</p>
      ) : null}
    </li>
  );
}
