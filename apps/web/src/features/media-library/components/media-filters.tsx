import type { MediaItem } from '@relaycast/shared/media';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export type KindFilter = MediaItem['kind'] | 'all';

/** The labels are catalog keys, translated where rendered. */
const KINDS: readonly { value: KindFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'gif', label: 'GIFs' },
  { value: 'video', label: 'Videos' },
];

/** Search by name and filter by kind. */
export function MediaFilters({
  search,
  onSearch,
  kind,
  onKind,
}: {
  search: string;
  onSearch: (value: string) => void;
  kind: KindFilter;
  onKind: (value: KindFilter) => void;
}) {
  const { t } = useTranslation('media-library');
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="relative w-full sm:max-w-xs">
        <label htmlFor={searchId} className="sr-only">
          {t('Search media')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          placeholder={t('Search by name')}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
        <legend className="sr-only">{t('Show')}</legend>
        {KINDS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={kind === option.value}
            onClick={() => onKind(option.value)}
            className={cn(
              'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
              kind === option.value && 'bg-card text-foreground shadow-sm',
            )}
          >
            {t(option.label)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
