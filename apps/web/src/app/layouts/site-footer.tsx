import { Link } from 'react-router';
import { SOCIAL_BRANDS } from '@/components/brand-icons';
import { Logo } from './site-header';

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/faq', label: 'FAQ' },
      { to: '/api-reference', label: 'API' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">
            The open-source, self-hostable home for your social media: AI-assisted posts, scheduling,
            auto-posting, analytics, an engagement inbox and multistreaming.
          </p>
          <ul aria-label="Networks Relaycast publishes to" className="mt-5 flex gap-3 text-muted-foreground">
            {SOCIAL_BRANDS.map(({ name, Icon }) => (
              <li key={name}>
                <Icon title={name} className="size-5" />
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={`Footer ${group.title.toLowerCase()}`}>
            <p className="text-sm font-semibold">{group.title}</p>
            <ul className="mt-3 grid gap-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} Relaycast. Open source and self-hostable.
        </p>
      </div>
    </footer>
  );
}
