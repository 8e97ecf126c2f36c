import {
  ENGAGEMENT_PLATFORM_NAMES,
  ENGAGEMENT_PLATFORMS,
  type EngagementPlatform,
  INBOX_KIND_LABELS,
  INBOX_KINDS,
  INBOX_STATUS_LABELS,
  INBOX_STATUSES,
  type InboxKind,
  type InboxStatus,
} from '@relaycast/shared/engagement';
import { useTranslation } from 'react-i18next';
import type { InboxFilters as Filters } from '@/api/engagement';
import { SelectField } from '@/components/ui/select-field';

const ALL = 'all';

export function InboxFilters({ value, onChange }: { value: Filters; onChange(next: Filters): void }) {
  const { t } = useTranslation('engagement');
  return (
    <div className="flex flex-wrap gap-3">
      <SelectField
        label={t('Platform')}
        size="sm"
        value={value.platform ?? ALL}
        options={[ALL, ...ENGAGEMENT_PLATFORMS] as const}
        format={(option) => (option === ALL ? t('All platforms') : ENGAGEMENT_PLATFORM_NAMES[option])}
        onChange={(platform) =>
          onChange({ ...value, platform: platform === ALL ? undefined : (platform as EngagementPlatform) })
        }
      />
      <SelectField
        label={t('Type')}
        size="sm"
        value={value.kind ?? ALL}
        options={[ALL, ...INBOX_KINDS] as const}
        format={(option) => (option === ALL ? t('All types') : t(INBOX_KIND_LABELS[option]))}
        onChange={(kind) => onChange({ ...value, kind: kind === ALL ? undefined : (kind as InboxKind) })}
      />
      <SelectField
        label={t('Status')}
        size="sm"
        value={value.status ?? ALL}
        options={[ALL, ...INBOX_STATUSES] as const}
        format={(option) => (option === ALL ? t('All statuses') : t(INBOX_STATUS_LABELS[option]))}
        onChange={(status) =>
          onChange({ ...value, status: status === ALL ? undefined : (status as InboxStatus) })
        }
      />
    </div>
  );
}
