import { BarChart3, CalendarClock, Inbox, type LucideIcon, Radio, Send, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const HIGHLIGHTS: readonly { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Smart scheduling',
    description:
      'Queue a month of posts on one calendar; Relaycast suggests the hours your audience is online.',
    icon: CalendarClock,
  },
  {
    title: 'Auto-posting',
    description: 'Posts go out on time on every network, and you hear about it if a platform says no.',
    icon: Send,
  },
  {
    title: 'Analytics',
    description: 'Followers, engagement, shares and comments from every account on one dashboard.',
    icon: BarChart3,
  },
  {
    title: 'Engagement inbox',
    description: 'Reply to comments and messages from Instagram, Twitter, Facebook and LinkedIn in one list.',
    icon: Inbox,
  },
  {
    title: 'Multistreaming',
    description: 'Go live from the browser or OBS to YouTube, Twitch, Facebook and more at the same time.',
    icon: Radio,
  },
  {
    title: 'Yours to host',
    description: 'Open source. One command runs it on your own server, with your data on your own disk.',
    icon: Server,
  },
];

export function ProductHighlights() {
  const { t } = useTranslation('home');
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {HIGHLIGHTS.map(({ title, description, icon: Icon }) => (
        <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="mt-4 font-semibold">{t(title)}</h3>
          <p className="mt-2 text-sm text-muted-foreground">{t(description)}</p>
        </li>
      ))}
    </ul>
  );
}
