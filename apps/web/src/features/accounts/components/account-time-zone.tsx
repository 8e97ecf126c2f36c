import type { SocialAccount } from '@relaycast/shared/accounts';
import { useTranslation } from 'react-i18next';
import { useSaveAccountTimeZone } from '@/api/accounts';
import { SelectField } from '@/components/ui/select-field';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** "" stands for no zone of its own: the account's best time is then counted in the viewer's zone. */
const OWN_ZONE = '';

function zones(current: string | null): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const list = current && !known.includes(current) ? [...known, current] : known;
  return [OWN_ZONE, ...list];
}

/**
 * The account's audience time zone, for its best time to post (a brand in New York run from Paris): the heatmap
 * and suggestions for this account count hours in it. Saved as soon as it is picked.
 */
export function AccountTimeZone({ account }: { account: SocialAccount }) {
  const { t } = useTranslation('accounts');
  const save = useSaveAccountTimeZone();
  return (
    <SelectField
      size="sm"
      className="w-56"
      label={t('Audience time zone (best time)')}
      value={account.timezone ?? OWN_ZONE}
      options={zones(account.timezone)}
      format={(zone) => (zone === OWN_ZONE ? t('Same as mine') : zone.replaceAll('_', ' '))}
      disabled={save.isPending}
      onChange={(zone) =>
        save.mutate(
          { id: account.id, timezone: zone === OWN_ZONE ? null : zone },
          {
            onSuccess: () => toast.success(t('Time zone saved for {{handle}}', { handle: account.handle })),
            onError: (error) => showError(error),
          },
        )
      }
    />
  );
}
