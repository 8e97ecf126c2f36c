import { useTranslation } from 'react-i18next';

/**
 * The credit DB-IP's free country database asks for (CC BY 4.0) wherever countries of clicks are shown
 * (docs/short-links.md): a link to db-ip.com.
 */
export function GeolocationCredit() {
  const { t } = useTranslation('common');
  return (
    <a className="underline underline-offset-2" href="https://db-ip.com" target="_blank" rel="noreferrer">
      {t('IP geolocation by DB-IP')}
    </a>
  );
}
