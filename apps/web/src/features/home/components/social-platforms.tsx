import { useTranslation } from 'react-i18next';
import { SOCIAL_BRANDS } from '@/components/brand-icons';

/** The networks Relaycast publishes to, as a row of marks (no action: they only show where posts go). */
export function SocialPlatforms() {
  const { t } = useTranslation('home');
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="text-sm font-medium text-muted-foreground">
        {t('Publish to every network from one place')}
      </p>
      <ul className="flex items-center gap-3">
        {SOCIAL_BRANDS.map(({ name, Icon }) => (
          <li key={name}>
            <span className="inline-flex size-12 items-center justify-center rounded-xl border bg-card text-foreground shadow-sm">
              <Icon title={name} className="size-6" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
