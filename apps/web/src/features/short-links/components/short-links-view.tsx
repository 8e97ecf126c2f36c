import { isPlatformId } from '@relaycast/shared/platforms';
import { SHORT_LINK_MESSAGES, type ShortLink } from '@relaycast/shared/short-links';
import { Copy, Link2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortLinks, useUpdateShortLink } from '@/api/short-links';
import { copyToClipboard } from '@/components/copy-field';
import { GeolocationCredit } from '@/components/geolocation-credit';
import { PlatformIcon } from '@/components/platform-icon';
import { useCan } from '@/components/role-gate';
import { SettingsCard } from '@/components/settings-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { formatCountries } from '@/lib/format';
import { toastOutcome } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { CreateLinkForm, targetError } from './create-link-form';
import { LinkQrCode } from './link-qr-code';

function EditTarget({ link, onDone }: { link: ShortLink; onDone(): void }) {
  const { t } = useTranslation('short-links');
  const update = useUpdateShortLink();
  const [target, setTarget] = useState(link.target);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = targetError(target);
    setError(problem);
    if (problem) return;
    try {
      await update.mutateAsync({ id: link.id, target: target.trim() });
      toast.success(translateMessage(SHORT_LINK_MESSAGES.updated));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form noValidate className="grid gap-2" onSubmit={(e) => void submit(e)}>
      <FormField
        label={t('New address')}
        type="url"
        value={target}
        error={error ?? undefined}
        onChange={(e) => setTarget(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {t('Save address')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}

function LinkRow({ link, canWrite }: { link: ShortLink; canWrite: boolean }) {
  const { t, i18n } = useTranslation('short-links');
  const update = useUpdateShortLink();
  const [editing, setEditing] = useState(false);

  async function toggle() {
    const disabled = !link.disabled;
    await toastOutcome(
      update.mutateAsync({ id: link.id, disabled }),
      translateMessage(disabled ? SHORT_LINK_MESSAGES.disabled : SHORT_LINK_MESSAGES.enabled),
    );
  }

  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="short-link">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <a
          href={link.shortUrl}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-primary break-all"
        >
          {link.shortUrl}
        </a>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-label={t('Copy {{link}}', { link: link.shortUrl })}
          onClick={() => void copyToClipboard(link.shortUrl)}
        >
          <Copy aria-hidden="true" className="size-4" />
        </Button>
        {isPlatformId(link.platform) ? <PlatformIcon platform={link.platform} labelled /> : null}
        {link.disabled ? <Badge variant="outline">{t('Off')}</Badge> : null}
      </div>
      <p className="break-all text-muted-foreground">{link.target}</p>
      <p>
        <span className="font-medium">{t('{{count}} clicks', { count: link.clicks })}</span>
        <span className="text-muted-foreground">
          {' · '}
          {t('{{count}} unique visitors', { count: link.visitors })}
          {' · '}
          {t('{{count}} link-preview visits', { count: link.crawlerHits })}
        </span>
      </p>
      {link.countries.length > 0 ? (
        <p className="text-muted-foreground" data-testid="short-link-countries">
          {t('Countries: {{countries}}', { countries: formatCountries(link.countries, i18n.language) })}{' '}
          <GeolocationCredit />
        </p>
      ) : null}
      {editing ? <EditTarget link={link} onDone={() => setEditing(false)} /> : null}
      {!editing ? (
        <div className="flex flex-wrap gap-2">
          <LinkQrCode link={link} />
          {canWrite ? (
            <>
              <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
                {t('Edit address')}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => void toggle()}
              >
                {link.disabled ? t('Turn on') : t('Turn off')}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Links: make a short link by hand, and every link of the workspace with its clicks. */
export function ShortLinksView() {
  const { t } = useTranslation('short-links');
  const links = useShortLinks();
  const canWrite = useCan('write') === true;
  return (
    <SettingsCard
      title={t('Your short links')}
      icon={Link2}
      description={t(
        'Clicks are counted without storing addresses; link previews by social networks are shown apart.',
      )}
    >
      {canWrite ? <CreateLinkForm /> : null}
      {links.isPending ? (
        <Spinner label={t('Loading links')} />
      ) : links.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(links.error, t('Could not load the links.'))}
        </p>
      ) : links.data.links.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No short links yet.')}</p>
      ) : (
        <ul className="grid gap-2">
          {links.data.links.map((link) => (
            <LinkRow key={link.id} link={link} canWrite={canWrite} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
