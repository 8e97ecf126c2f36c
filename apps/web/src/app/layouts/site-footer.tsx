import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOCIAL_BRANDS } from '@/components/brand-icons';
import { LanguagePicker } from './language-picker';
import { Logo } from './site-header';

const FOOTER_GROUPS = [
  {
    title: 'Product',
    label: 'Footer product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/faq', label: 'FAQ' },
      { to: '/api-reference', label: 'API' },
    ],
  },
  {
    title: 'Company',
    label: 'Footer company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">
            {t(
              'The open-source, self-hostable home for your social media: AI-assisted posts, scheduling, auto-posting, analytics, an engagement inbox and multistreaming.',
            )}
          </p>
          <ul
            aria-label={t('Networks Relaycast publishes to')}
            className="mt-5 flex gap-3 text-muted-foreground"
          >
            {SOCIAL_BRANDS.map(({ name, Icon }) => (
              <li key={name}>
                <Icon title={name} className="size-5" />
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={t(group.label)}>
            <p className="text-sm font-semibold">{t(group.title)}</p>
            <ul className="mt-3 grid gap-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-6 sm:px-6">
          <p className="text-sm text-muted-foreground">
            {t('© {{year}} Relaycast. Open source and self-hostable.', { year: new Date().getFullYear() })}
          </p>
          <LanguagePicker />
        </div>
      </div>
    </footer>
  );
}
